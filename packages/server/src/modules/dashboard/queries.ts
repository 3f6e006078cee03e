import {
  type AnalysisCounts,
  type DashboardQuarter,
  RECORD_STATUS,
  TASK_TYPES,
  type TaskType,
} from '@sil/contract';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/open.js';
import { recordDeliveries } from '../delivery/tables.js';
import { openRecord, parisMidnight, taskCondition } from '../records/index.js';
import { patients, recordDayCounts, records, samples } from '../records/tables.js';

/**
 * The dashboard's counters (docs/dashboard.md): one aggregate statement per panel, each read
 * through an index (migrations 0033, 0036) or the per-day counts (0036), all scoped to the
 * caller's laboratory.
 */

const counted = (condition: SQL) => sql<number>`count(*) FILTER (WHERE ${condition})`.mapWith(Number);
const { preRegistered, registered, pendingSubmission, sent } = RECORD_STATUS;
const atLaboratory = sql`${records.record_status} BETWEEN ${registered} AND ${pendingSubmission}`;

/** The instants a Paris day runs between. */
const dayBounds = (day: string) => ({
  from: parisMidnight(day),
  to: sql`${parisMidnight(day)} + interval '1 day'`,
});

const createdOn = (laboratoryId: string, day: string) => {
  const { from, to } = dayBounds(day);
  return and(
    eq(records.laboratory_id, laboratoryId),
    gte(records.record_created, from),
    lt(records.record_created, to),
    eq(records.record_annulr_flag, false),
  );
};

/** Today: the records created today by where they stand (records_created_counts, index only). */
export async function todayPanel(q: Queryable, laboratoryId: string, day: string) {
  const [row] = await q
    .select({
      in_progress: counted(atLaboratory),
      parked: counted(eq(records.record_status, preRegistered)),
      sent: counted(eq(records.record_status, sent)),
    })
    .from(records)
    .where(createdOn(laboratoryId, day));
  return row ?? { in_progress: 0, parked: 0, sent: 0 };
}

/**
 * Analysis types: the analyses ordered in today's records, by where their record stands, in three
 * groups: TES the forensic analyses, CLB the other analyses of a clinic's records, CL the rest.
 */
export async function analysisTypesPanel(q: Queryable, laboratoryId: string, day: string) {
  const { from, to } = dayBounds(day);
  const group = sql<string>`CASE WHEN a.analysis_is_forensic THEN 'TES'
    WHEN r.record_owner IS NOT NULL THEN 'CLB' ELSE 'CL' END`;
  const rows = await q
    .select({
      group,
      being_analyzed:
        sql<number>`count(*) FILTER (WHERE r.record_status BETWEEN ${registered} AND ${pendingSubmission})`.mapWith(
          Number,
        ),
      pre_registered: sql<number>`count(*) FILTER (WHERE r.record_status = ${preRegistered})`.mapWith(Number),
      sent: sql<number>`count(*) FILTER (WHERE r.record_status = ${sent})`.mapWith(Number),
    })
    .from(
      // One expansion of every combination's analyses, not one per combination then per analysis:
      // PostgreSQL guesses 100 rows for each, so two nested ones guessed 10,000 per record, and a
      // day of 4,000 records was planned at 40 M rows and compiled (JIT) at every call: 1.2 s.
      sql`records r
        CROSS JOIN LATERAL jsonb_array_elements_text(
          jsonb_path_query_array(r.record_selected_analyses, '$[*].analysis_ids[*]')) AS ordered(analysis_id)
        JOIN analyses a ON a.analysis_id = ordered.analysis_id::uuid`,
    )
    .where(
      sql`r.laboratory_id = ${laboratoryId} AND r.record_created >= ${from} AND r.record_created < ${to}
          AND NOT r.record_annulr_flag`,
    )
    .groupBy(group);
  const empty = (): AnalysisCounts => ({ being_analyzed: 0, pre_registered: 0, sent: 0 });
  const panel = { all: empty(), CL: empty(), TES: empty(), CLB: empty() };
  for (const row of rows) {
    const counts = { being_analyzed: row.being_analyzed, pre_registered: row.pre_registered, sent: row.sent };
    if (row.group === 'CL' || row.group === 'TES' || row.group === 'CLB') panel[row.group] = counts;
    panel.all.being_analyzed += counts.being_analyzed;
    panel.all.pre_registered += counts.pre_registered;
    panel.all.sent += counts.sent;
  }
  return panel;
}

/** Summary of the day: patients added, samples taken off their machine, analyses of samples validated. */
export async function summaryPanel(q: Queryable, laboratoryId: string, day: string) {
  const { from } = dayBounds(day);
  const [row] = await q
    .select({
      patients_added: sql<number>`(SELECT count(*) FROM ${patients}
        WHERE ${patients.laboratory_id} = ${laboratoryId} AND ${patients.patient_created} >= ${from})`.mapWith(
        Number,
      ),
      samples_processed: sql<number>`(SELECT count(*) FROM ${samples}
        WHERE ${samples.laboratory_id} = ${laboratoryId} AND ${samples.sample_removed_at} >= ${from})`.mapWith(
        Number,
      ),
      analyses_completed:
        sql<number>`(SELECT coalesce(sum(cardinality(${samples.sample_analyses})), 0) FROM ${samples}
        WHERE ${samples.laboratory_id} = ${laboratoryId} AND ${samples.sample_validated_at} >= ${from})`.mapWith(
          Number,
        ),
    })
    .from(sql`(SELECT 1) AS one`);
  return row ?? { patients_added: 0, samples_processed: 0, analyses_completed: 0 };
}

/**
 * Quarterly statistics of a year (Paris quarters): records added, of clinics, cancelled and replaced,
 * added up from the per-day counts the records' writes keep (record_day_counts, migration 0036): at
 * most 366 rows, whatever the laboratory's size.
 */
export async function quartersPanel(
  q: Queryable,
  laboratoryId: string,
  year: number,
): Promise<DashboardQuarter[]> {
  const quarter = sql<number>`extract(quarter FROM ${recordDayCounts.count_day})::int`.mapWith(Number);
  const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  const rows = await q
    .select({
      quarter,
      records_added: total(recordDayCounts.records_added),
      external_records: total(recordDayCounts.external_records),
      canceled_replaced: total(recordDayCounts.canceled_replaced),
    })
    .from(recordDayCounts)
    .where(
      and(
        eq(recordDayCounts.laboratory_id, laboratoryId),
        gte(recordDayCounts.count_day, `${year}-01-01`),
        lt(recordDayCounts.count_day, `${year + 1}-01-01`),
      ),
    )
    .groupBy(quarter);
  return [1, 2, 3, 4].map(
    (n) =>
      rows.find((row) => row.quarter === n) ?? {
        quarter: n,
        records_added: 0,
        external_records: 0,
        canceled_replaced: 0,
      },
  );
}

/**
 * Tasks in progress: every task of the open records counted in one pass over them, read from the
 * index alone (records_open covers every column a task reads, migration 0036); 'Validated today',
 * the one task a sent record may have, from records_laboratory_validated_at in a sub-select of the
 * same statement. The same pass counts the notifications read from open records (declared late,
 * urgent to validate), so that the open records are read once.
 */
export async function tasksPanel(
  q: Queryable,
  laboratoryId: string,
  day: string,
  tasks: readonly TaskType[] = TASK_TYPES,
) {
  const selection: Record<string, SQL.Aliased<number> | SQL<number>> = Object.fromEntries(
    tasks
      .filter((task) => task !== 'validated_today')
      .map((task) => [task, counted(taskCondition(task, day))]),
  );
  if (tasks.includes('validated_today'))
    selection.validated_today = sql<number>`(SELECT count(*) FROM ${records}
      WHERE ${records.laboratory_id} = ${laboratoryId} AND ${taskCondition('validated_today', day)})`.mapWith(
      Number,
    );
  selection.delayed_records = counted(eq(records.record_delai_flag, true));
  selection.urgent_to_validate = counted(
    and(eq(records.record_is_urgent, true), eq(records.record_status, RECORD_STATUS.pendingValidation)) ??
      sql`false`,
  );
  const [row] = await q
    .select(selection)
    .from(records)
    .where(and(eq(records.laboratory_id, laboratoryId), openRecord));
  const read = (key: string) => Number(row?.[key] ?? 0);
  return {
    tasks: tasks.map((task) => ({ task_type: task, count: read(task) })),
    delayed_records: read('delayed_records'),
    urgent_to_validate: read('urgent_to_validate'),
  };
}

/** Notifications beside the tasks: the report channels whose send failed (record_deliveries_failed). */
export async function failedDeliveries(q: Queryable, laboratoryId: string): Promise<number> {
  const [row] = await q
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(recordDeliveries)
    .where(
      and(eq(recordDeliveries.laboratory_id, laboratoryId), eq(recordDeliveries.delivery_state, 'failed')),
    );
  return row?.count ?? 0;
}
