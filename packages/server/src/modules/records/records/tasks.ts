import { RECORD_STATUS, TASK_TYPES, type TaskType } from '@sil/contract';
import { and, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import { records } from '../../../db/schema/records.js';
import { fail } from '../../../lib/errors.js';
import { parisDay } from './numbering.js';

/** The day (YYYY-MM-DD) in Paris: the dashboard's 'today' and 'since this morning'. */
export function todayInParis(now: Date = new Date()): string {
  const day = parisDay(now);
  return `20${day.slice(0, 2)}-${day.slice(2, 4)}-${day.slice(4, 6)}`;
}

/** Midnight in Paris of a day (YYYY-MM-DD), as an instant. */
export const parisMidnight = (day: string) => sql`((${day}::date)::timestamp AT TIME ZONE 'Europe/Paris')`;

/**
 * A record with something still to do: neither cancelled nor sent. Served by the partial index
 * records_open (migration 0033; since 0036 it holds every column a task reads), so that the tasks read
 * a laboratory's open records, not its history.
 */
export const openRecord: SQL =
  and(eq(records.record_annulr_flag, false), lt(records.record_status, RECORD_STATUS.sent)) ?? sql`false`;

/** Validated since midnight in Paris (records_laboratory_validated_at), cancelled ones left out. */
export const validatedToday = (day: string): SQL =>
  and(eq(records.record_annulr_flag, false), gte(records.record_validated_at, parisMidnight(day))) ??
  sql`false`;

const open = (condition: SQL | undefined): SQL => and(openRecord, condition) ?? openRecord;

/**
 * What each task of the dashboard asks of a record. The non-conformities of samples and the ANEs
 * are read as uncorrelated sets (`IN (SELECT …)`), which PostgreSQL hashes once (samples_nct_active_
 * record, samples_lbloc_record: a few thousand rows) instead of probing them once per open record
 * (docs/dashboard.md). The one definition of a task: the dashboard counts with it and the tasks list (the records list's `record_task` filter)
 * filters with it, so that a counter and the list it opens always agree.
 */
export function taskCondition(task: TaskType, day: string = todayInParis()): SQL {
  switch (task) {
    case 'ongoing':
      return open(gte(records.record_status, RECORD_STATUS.registered));
    case 'sent_externally':
      return open(eq(records.record_sent_externally, true));
    case 'to_fax':
      return open(eq(records.record_pending_fax, true));
    case 'insurance_reports':
      return open(eq(records.record_pending_insurance_report, true));
    case 'online_reports':
      return open(eq(records.record_pending_online, true));
    case 'paper_reports':
      return open(eq(records.record_pending_paper, true));
    case 'to_phone':
      return open(eq(records.record_pending_phone, true));
    case 'physician_reports':
      return open(eq(records.record_pending_occupational_physician, true));
    case 'to_post':
      return open(eq(records.record_pending_post, true));
    case 'to_validate':
      // Open by its status already: 'status < sent' beside 'status = pending validation' would make
      // PostgreSQL multiply the two as if independent, expect 30 times too few records and read
      // and sort all of them for a page (12 ms at 1 M records) instead of walking the list order.
      return (
        and(
          eq(records.record_annulr_flag, false),
          eq(records.record_status, RECORD_STATUS.pendingValidation),
        ) ?? sql`false`
      );
    case 'urgent':
      return open(eq(records.record_is_urgent, true));
    case 'validated_today':
      return validatedToday(day);
    case 'with_anes':
      return open(sql`${records.record_id} IN (SELECT ane_record FROM record_anes)`);
    case 'with_lbloc':
      return open(
        or(
          eq(records.record_lbloc_flag, true),
          sql`${records.record_id} IN (SELECT sample_record FROM samples WHERE sample_lbloc_flag)`,
        ),
      );
    case 'with_ncas':
      return open(eq(records.record_unresolved_nca, true));
    case 'with_ncts':
      return open(sql`${records.record_id} IN (SELECT sample_record FROM samples WHERE sample_nct_active)`);
  }
}

/** The records list's `record_task` filter: the records having any of the tasks named. */
export function taskFilter(values: string[]): SQL {
  const tasks = values.map((value) =>
    (TASK_TYPES as readonly string[]).includes(value)
      ? taskCondition(value as TaskType)
      : fail('invalidOption', { field: 'filter_value[]', value: 'record_task' }),
  );
  return or(...tasks) ?? sql`false`;
}
