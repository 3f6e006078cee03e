import type { SelectedAnalysesInput } from '@sil/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/open.js';
import { analyses } from '../../../db/schema/catalogue.js';
import { nabms } from '../../../db/schema/nabms.js';
import { fail } from '../../../lib/errors.js';

export type OrderedAnalysis = typeof analyses.$inferSelect;

export const analysisIdsOf = (selected: SelectedAnalysesInput) => [
  ...new Set(selected.flatMap((group) => group.analysis_ids)),
];

/** Same analyses in the same combinations, whatever the order they were listed in. */
export function sameStructure(a: SelectedAnalysesInput, b: SelectedAnalysesInput): boolean {
  const shape = (selected: SelectedAnalysesInput) =>
    JSON.stringify(
      [...selected]
        .map((group) => ({ c: Number(group.combination), ids: [...group.analysis_ids].sort() }))
        .sort((x, y) => x.c - y.c),
    );
  return shape(a) === shape(b);
}

/**
 * The ordering rules of spec.md §5: every analysis exists in the laboratory, none is hidden, and no
 * NABM code of one analysis is declared incompatible with a code of another.
 */
export async function checkOrder(
  tx: Tx,
  laboratoryId: string,
  selected: SelectedAnalysesInput,
  /** A replacement copies what was validly ordered then, even if an analysis was hidden since. */
  options: { allowHidden?: boolean } = {},
): Promise<OrderedAnalysis[]> {
  const ids = analysisIdsOf(selected);
  const found = await tx
    .select()
    .from(analyses)
    .where(and(eq(analyses.laboratory_id, laboratoryId), inArray(analyses.analysis_id, ids)));
  if (found.length !== ids.length) {
    const known = new Set(found.map((a) => a.analysis_id));
    fail('analysisNotFound', { ids: ids.filter((id) => !known.has(id)) });
  }
  const hidden = options.allowHidden ? [] : found.filter((a) => !a.analysis_visible);
  if (hidden.length > 0) fail('cannotOrderHiddenAnalyses', { ids: hidden.map((a) => a.analysis_id) });

  const codes = [...new Set(found.flatMap((a) => a.analysis_nabm_codes))];
  if (codes.length < 2) return found;
  const acts = await tx
    .select({ code: nabms.nabm_code, incompatible: nabms.nabm_incompatible_codes })
    .from(nabms)
    .where(and(eq(nabms.laboratory_id, laboratoryId), inArray(nabms.nabm_code, codes)));
  const incompatible = new Map(acts.map((act) => [act.code, act.incompatible]));
  const conflicts: Array<{ analyses: [string, string]; codes: [string, string] }> = [];
  for (const a of found) {
    for (const b of found) {
      if (a.analysis_id >= b.analysis_id) continue;
      for (const codeA of a.analysis_nabm_codes) {
        for (const codeB of b.analysis_nabm_codes) {
          const clash = incompatible.get(codeA)?.includes(codeB) || incompatible.get(codeB)?.includes(codeA);
          if (clash) conflicts.push({ analyses: [a.analysis_id, b.analysis_id], codes: [codeA, codeB] });
        }
      }
    }
  }
  if (conflicts.length > 0) fail('nabmConflict', { conflicts });
  return found;
}

export interface PlannedSample {
  key: string;
  sample_type: string | null;
  sample_matrix: string | null;
  sample_analyses: string[];
}

/** One sample per sample type and matrix among the ordered analyses, in a stable order. */
export function planSamples(ordered: OrderedAnalysis[]): PlannedSample[] {
  const groups = new Map<string, PlannedSample>();
  for (const analysis of ordered) {
    const key = `${analysis.analysis_sample_type ?? '-'}|${analysis.analysis_matrix ?? '-'}`;
    const group = groups.get(key) ?? {
      key,
      sample_type: analysis.analysis_sample_type,
      sample_matrix: analysis.analysis_matrix,
      sample_analyses: [],
    };
    group.sample_analyses.push(analysis.analysis_id);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((group) => ({ ...group, sample_analyses: [...group.sample_analyses].sort() }))
    .sort((a, b) => a.key.localeCompare(b.key));
}
