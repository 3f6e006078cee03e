import { type ResultChange, SAMPLE_STATUS, type TracedResult } from '@sil/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/open.js';
import { parameters } from '../../../db/schema/catalogue.js';
import { samples } from '../../../db/schema/records.js';
import { users } from '../../../db/schema/users.js';
import { columnsOf } from '../../../lib/read-only.js';
import { type AuditTrailRow, auditTrail } from '../../audit/tables.js';

type AuditEntry = AuditTrailRow;
export interface NamedEntry {
  entry: AuditEntry;
  name: string | null;
}

/** The sample a result's creation or deletion entry names (the expression of its index, migration 0047). */
const resultSampleOf = sql<string>`(coalesce(${auditTrail.modification_new_value}, ${auditTrail.modification_old_value})::jsonb ->> 'result_sample')`;

/**
 * Every trail entry of the results these samples ever had, deleted ones included, oldest first, with
 * the author's name: the results are found by the sample their creation and deletion entries name.
 */
export async function resultEntriesOf(
  q: Queryable,
  laboratoryId: string,
  sampleIds: string[],
): Promise<NamedEntry[]> {
  if (sampleIds.length === 0) return [];
  const resultIds = (
    await q
      .selectDistinct({ id: auditTrail.row_id })
      .from(auditTrail)
      .where(
        and(
          sql`${auditTrail.table_name} = 'results'`,
          sql`${auditTrail.modification_type} <> 'update'`,
          inArray(resultSampleOf, sampleIds),
          eq(auditTrail.laboratory_id, laboratoryId),
        ),
      )
  ).map((row) => row.id);
  if (resultIds.length === 0) return [];
  return q
    .select({ entry: columnsOf(auditTrail), name: users.user_name })
    .from(auditTrail)
    .leftJoin(users, sql`${users.admin_uid}::text = ${auditTrail.modification_by}`)
    .where(
      and(
        eq(auditTrail.table_name, 'results'),
        inArray(auditTrail.row_id, resultIds),
        eq(auditTrail.laboratory_id, laboratoryId),
      ),
    )
    .orderBy(asc(auditTrail.modification_id));
}

/** The names of the parameters and the numbers of the samples the result entries point at. */
export async function resultSubjects(
  q: Queryable,
  laboratoryId: string,
  parameterIds: string[],
  sampleIds: string[],
) {
  const named =
    parameterIds.length === 0
      ? []
      : await q
          .select({ id: parameters.parameter_id, name: parameters.parameter_name })
          .from(parameters)
          .where(
            and(eq(parameters.laboratory_id, laboratoryId), inArray(parameters.parameter_id, parameterIds)),
          );
  const numbered =
    sampleIds.length === 0
      ? []
      : await q
          .select({ id: samples.sample_id, number: samples.sample_number })
          .from(samples)
          .where(inArray(samples.sample_id, sampleIds));
  return {
    parameterNames: new Map(named.map((row) => [row.id, row.name])),
    sampleNumbers: new Map(numbered.map((row) => [row.id, row.number])),
  };
}

/** A result row as the trail keeps it: every column as text (a whole row as JSON, a field as its text). */
type TracedRow = Record<string, string | null>;

function wholeRow(text: string | null): TracedRow {
  if (!text) return {};
  const parsed: unknown = JSON.parse(text);
  if (!parsed || typeof parsed !== 'object') return {};
  return Object.fromEntries(
    Object.entries(parsed).map(([key, value]) => [
      key,
      value === null || value === undefined
        ? null
        : typeof value === 'string'
          ? value
          : JSON.stringify(value),
    ]),
  );
}

const numberOf = (text: string | null | undefined) => (text == null || text === '' ? null : Number(text));

/** What the record reported of a result: its calculated value when it has one, else the measure. */
function reportedOf(row: TracedRow): TracedResult {
  const censored = row.result_censored;
  return {
    value: numberOf(row.result_calculated) ?? numberOf(row.result_value),
    text: row.result_text ?? null,
    censored: censored === '<' || censored === '>' ? censored : null,
    unit: row.result_unit ?? null,
  };
}

const sameReport = (a: TracedResult, b: TracedResult) =>
  a.value === b.value && a.text === b.text && a.censored === b.censored && a.unit === b.unit;

/** A status change of a sample, from the trail: what an invalidation's reason is read from. */
export interface SampleStep {
  modificationId: number;
  sampleId: string;
  from: number;
  to: number;
  comment: string | null;
}

/** The sample status changes among a record's trace entries, oldest first. */
export function sampleStepsOf(entries: readonly NamedEntry[]): SampleStep[] {
  return entries.flatMap(({ entry }) =>
    entry.table_name === 'samples' && entry.modification_field === 'sample_status'
      ? [
          {
            modificationId: entry.modification_id,
            sampleId: entry.row_id,
            from: Number(entry.modification_old_value),
            to: Number(entry.modification_new_value),
            comment: entry.log_comment,
          },
        ]
      : [],
  );
}

/**
 * The reason of a change made after a validation: the reason given with the change itself, else
 * the one given when the sample was last taken back from validated (an invalidation), if that is the
 * sample's last status step before the change.
 */
function reasonOf(comment: string | null, sampleId: string, before: number, steps: readonly SampleStep[]) {
  if (comment) return comment;
  const last = steps.filter((step) => step.sampleId === sampleId && step.modificationId < before).at(-1);
  const invalidation = last !== undefined && last.from >= SAMPLE_STATUS.validated && last.to < last.from;
  return invalidation ? last.comment : null;
}

/** A folded change of one result: an entry of the record's trace, as get-record-trace answers it. */
export interface FoldedChange {
  first: AuditEntry;
  name: string | null;
  change: ResultChange;
  reason: string | null;
}

/**
 * Folds the trail's per-field entries of results into one change per write of a result (an entry,
 * a correction, a removal), replaying each result's row from its creation so that the value before
 * and after is known whichever fields the write touched. Writes that leave what is reported as it
 * was (a range read again, the author's stamp) are left out: the trail keeps them all the same.
 */
export function foldResultChanges(
  entries: readonly NamedEntry[],
  steps: readonly SampleStep[],
  subjects: Awaited<ReturnType<typeof resultSubjects>>,
): FoldedChange[] {
  const rows = new Map<string, TracedRow>();
  const groups: NamedEntry[][] = [];
  for (const named of entries) {
    const previous = groups.at(-1)?.[0]?.entry;
    const { entry } = named;
    const sameWrite =
      previous !== undefined &&
      previous.row_id === entry.row_id &&
      previous.modification_type === entry.modification_type &&
      previous.modification_by === entry.modification_by &&
      new Date(previous.modification_timestamp).getTime() ===
        new Date(entry.modification_timestamp).getTime();
    if (sameWrite) groups.at(-1)?.push(named);
    else groups.push([named]);
  }
  const changes: FoldedChange[] = [];
  for (const group of groups) {
    const head = group[0];
    if (!head) continue;
    const { entry } = head;
    const before = rows.get(entry.row_id);
    let after: TracedRow | undefined;
    if (entry.modification_type === 'insert') after = wholeRow(entry.modification_new_value);
    else if (entry.modification_type === 'delete') after = undefined;
    else {
      after = { ...(before ?? {}) };
      for (const { entry: field } of group)
        if (field.modification_field) after[field.modification_field] = field.modification_new_value;
    }
    const known =
      before ?? (entry.modification_type === 'delete' ? wholeRow(entry.modification_old_value) : undefined);
    if (after) rows.set(entry.row_id, after);
    else rows.delete(entry.row_id);
    const old = entry.modification_type === 'insert' || !known ? null : reportedOf(known);
    const now = after ? reportedOf(after) : null;
    if (old && now && sameReport(old, now)) continue;
    const row = after ?? known ?? {};
    const parameterId = row.result_parameter ?? '';
    const sampleId = row.result_sample ?? '';
    changes.push({
      first: entry,
      name: head.name,
      change: {
        parameter_id: parameterId,
        parameter_name: subjects.parameterNames.get(parameterId) ?? '',
        sample_number: subjects.sampleNumbers.get(sampleId) ?? null,
        old,
        new: now,
      },
      reason: reasonOf(entry.log_comment, sampleId, entry.modification_id, steps),
    });
  }
  return changes;
}

/** The parameters and samples the result entries name, read from the rows they created or deleted. */
export function subjectsOf(entries: readonly NamedEntry[]) {
  const parameterIds = new Set<string>();
  const sampleIds = new Set<string>();
  for (const { entry } of entries) {
    if (entry.modification_type === 'update') continue;
    const row = wholeRow(entry.modification_new_value ?? entry.modification_old_value);
    if (row.result_parameter) parameterIds.add(row.result_parameter);
    if (row.result_sample) sampleIds.add(row.result_sample);
  }
  return { parameterIds: [...parameterIds], sampleIds: [...sampleIds] };
}
