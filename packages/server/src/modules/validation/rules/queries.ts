import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/open.js';
import { analyses } from '../../../db/schema/catalogue.js';
import { validationRules } from '../../../db/schema/validation-rules.js';
import { toIso } from '../../../lib/time.js';

/** The laboratory's rules with their analysis' name, in the analyses' alphabetical order. */
export async function rulesOfLaboratory(q: Queryable, laboratoryId: string) {
  const rows = await q
    .select({ rule: validationRules, analysis_name: analyses.analysis_name })
    .from(validationRules)
    .innerJoin(analyses, eq(analyses.analysis_id, validationRules.rule_analysis))
    .where(eq(validationRules.laboratory_id, laboratoryId))
    .orderBy(asc(analyses.analysis_name));
  return rows.map(({ rule, analysis_name }) => presentRule(rule, analysis_name));
}

export function presentRule(rule: typeof validationRules.$inferSelect, analysisName: string) {
  const { laboratory_id: _laboratory, ...shown } = rule;
  return { ...shown, analysis_name: analysisName, rule_last_updated: toIso(rule.rule_last_updated) };
}

/** The analysis, when it is the laboratory's own. */
export async function analysisOfLaboratory(q: Queryable, laboratoryId: string, analysisId: string) {
  const [row] = await q
    .select({ analysis_id: analyses.analysis_id, analysis_name: analyses.analysis_name })
    .from(analyses)
    .where(and(eq(analyses.analysis_id, analysisId), eq(analyses.laboratory_id, laboratoryId)));
  return row;
}
