import type {
  AnalyserMessageRow,
  MessageOutcome,
  ReconciliationItem,
  ReconciliationReason,
} from '@sil/contract';
import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../../db/open.js';
import { analyserMessages, reconciliationItems } from '../../../db/schema/analysers.js';
import { parameters } from '../../../db/schema/catalogue.js';
import { machines } from '../../../db/schema/reference.js';
import { users } from '../../../db/schema/users.js';
import { fail } from '../../../lib/errors.js';
import { toIso } from '../../../lib/time.js';
import { samples } from '../../records/tables.js';

const iso = (stamp: string | null) => (stamp ? toIso(stamp) : null);
const pages = (rows: number, perPage: number) => Math.ceil(rows / perPage);

export async function assertMachine(q: Queryable, laboratoryId: string, machineId: string) {
  const [found] = await q
    .select({ id: machines.machine_id })
    .from(machines)
    .where(and(eq(machines.laboratory_id, laboratoryId), eq(machines.machine_id, machineId)));
  if (!found) fail('machineNotFound');
}

/** get-analyser-messages: an analyser's log, newest first. */
export async function analyserMessagesOf(
  q: Queryable,
  laboratoryId: string,
  query: { machine_id: string; outcome?: MessageOutcome | undefined; page: number; per_page: number },
) {
  await assertMachine(q, laboratoryId, query.machine_id);
  const where = and(
    eq(analyserMessages.laboratory_id, laboratoryId),
    eq(analyserMessages.message_machine, query.machine_id),
    query.outcome ? eq(analyserMessages.message_outcome, query.outcome) : undefined,
  );
  const [total] = await q.select({ n: count() }).from(analyserMessages).where(where);
  const rows = await q
    .select()
    .from(analyserMessages)
    .where(where)
    .orderBy(desc(analyserMessages.message_received_at), desc(analyserMessages.message_stored_at))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const data: AnalyserMessageRow[] = rows.map((row) => ({
    message_id: row.message_id,
    machine_id: row.message_machine,
    agent_id: row.message_agent,
    protocol: row.message_protocol,
    received_at: toIso(row.message_received_at),
    stored_at: toIso(row.message_stored_at),
    raw_text: row.message_raw_text,
    parsed: row.message_parsed,
    outcome: row.message_outcome,
    results_stored: row.message_results_stored,
    results_to_ciq: row.message_results_to_ciq,
    results_in_reconciliation: row.message_results_in_reconciliation,
  }));
  const rowsCount = Number(total?.n ?? 0);
  return { data, number_of_rows: rowsCount, number_of_pages: pages(rowsCount, query.per_page) };
}

async function itemsWhere(q: Queryable, where: SQL | undefined, limit: number, offset: number) {
  const rows = await q
    .select({
      item: reconciliationItems,
      machine_name: machines.machine_name,
      sample_number: samples.sample_number,
      parameter_name: parameters.parameter_name,
      resolved_by: users.user_name,
    })
    .from(reconciliationItems)
    .innerJoin(machines, eq(machines.machine_id, reconciliationItems.item_machine))
    .leftJoin(samples, eq(samples.sample_id, reconciliationItems.item_sample))
    .leftJoin(parameters, eq(parameters.parameter_id, reconciliationItems.item_parameter))
    .leftJoin(users, eq(users.admin_uid, reconciliationItems.item_resolved_by))
    .where(where)
    .orderBy(desc(reconciliationItems.item_created_at), desc(reconciliationItems.item_id))
    .limit(limit)
    .offset(offset);
  return rows.map(
    ({ item, machine_name, sample_number, parameter_name, resolved_by }): ReconciliationItem => ({
      item_id: item.item_id,
      machine_id: item.item_machine,
      machine_name,
      message_id: item.item_message,
      reason: item.item_reason,
      detail: item.item_detail,
      result: item.item_result,
      sample_id: item.item_sample,
      sample_number: sample_number ?? null,
      parameter_id: item.item_parameter,
      parameter_name: parameter_name ?? null,
      item_state: item.item_state,
      resolved_by: resolved_by ?? null,
      resolved_at: iso(item.item_resolved_at),
      resolution_reason: item.item_resolution_reason,
      item_created_at: toIso(item.item_created_at),
      item_last_updated: toIso(item.item_last_updated),
    }),
  );
}

/** get-reconciliation-items: what waits (or was resolved), newest first. */
export async function reconciliationItemsOf(
  q: Queryable,
  laboratoryId: string,
  query: {
    machine_id?: string | undefined;
    state: 'open' | 'closed' | 'all';
    reason?: ReconciliationReason | undefined;
    page: number;
    per_page: number;
  },
) {
  const where = and(
    eq(reconciliationItems.laboratory_id, laboratoryId),
    query.machine_id ? eq(reconciliationItems.item_machine, query.machine_id) : undefined,
    query.state === 'open' ? eq(reconciliationItems.item_state, 'open') : undefined,
    query.state === 'closed' ? ne(reconciliationItems.item_state, 'open') : undefined,
    query.reason ? eq(reconciliationItems.item_reason, query.reason) : undefined,
  );
  const [total] = await q.select({ n: count() }).from(reconciliationItems).where(where);
  const data = await itemsWhere(q, where, query.per_page, (query.page - 1) * query.per_page);
  const rows = Number(total?.n ?? 0);
  return { data, number_of_rows: rows, number_of_pages: pages(rows, query.per_page) };
}

export async function reconciliationItemOf(q: Queryable, laboratoryId: string, itemId: string) {
  const [item] = await itemsWhere(
    q,
    and(eq(reconciliationItems.laboratory_id, laboratoryId), eq(reconciliationItems.item_id, itemId)),
    1,
    0,
  );
  return item ?? fail('reconciliationItemNotFound');
}
