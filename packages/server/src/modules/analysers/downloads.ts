import {
  type AnalyserDownload,
  type AnalyserOrderDelivery,
  type AnalyserOrdersAck,
  type ParsedMessage,
  SAMPLE_STATUS,
} from '@sil/contract';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../db/open.js';
import { analyserMessages, analyserOrders } from '../../db/schema/analysers.js';
import { machines } from '../../db/schema/reference.js';
import { toIso } from '../../lib/time.js';
import { writeTransaction } from '../../lib/transaction.js';
import { records, samples } from '../records/tables.js';
import { type AgentCaller, agentActor } from './agents/authenticate.js';
import { testsLeft } from './orders.js';

/**
 * Download mode (issue 41): in the transaction that registers samples or gives them analyses, an
 * order for each analyser in download mode that has a code for some of their tests still to run,
 * with only the tests it was not sent yet for that sample. Kept until the agent sent it; a
 * registration that rolls back leaves none.
 */
export async function queueDownloadOrders(tx: Tx, laboratoryId: string, sampleIds: string[]): Promise<void> {
  if (sampleIds.length === 0) return;
  const downloading = await tx
    .select({ machine_id: machines.machine_id })
    .from(machines)
    .where(
      and(
        eq(machines.laboratory_id, laboratoryId),
        eq(machines.machine_download, true),
        isNotNull(machines.machine_protocol),
        isNotNull(machines.machine_agent),
      ),
    )
    .orderBy(asc(machines.machine_id));
  if (downloading.length === 0) return;
  const rows = await tx
    .select({
      sample_id: samples.sample_id,
      sample_number: samples.sample_number,
      status: samples.sample_status,
      analyses: samples.sample_analyses,
      record_created: records.record_created,
      urgent: records.record_is_urgent,
    })
    .from(samples)
    .innerJoin(records, eq(records.record_id, samples.sample_record))
    .where(and(eq(samples.laboratory_id, laboratoryId), inArray(samples.sample_id, sampleIds)));
  const earlier = await tx
    .select({
      sample: analyserOrders.order_sample,
      machine: analyserOrders.order_machine,
      tests: analyserOrders.order_tests,
    })
    .from(analyserOrders)
    .where(inArray(analyserOrders.order_sample, sampleIds));
  const sent = new Map<string, Set<string>>();
  for (const order of earlier) {
    const key = `${order.sample}/${order.machine}`;
    const codes = sent.get(key) ?? new Set<string>();
    for (const test of order.tests) codes.add(test.test_code);
    sent.set(key, codes);
  }
  for (const sample of rows) {
    if (sample.status >= SAMPLE_STATUS.validated || sample.analyses.length === 0) continue;
    for (const { machine_id } of downloading) {
      const already = sent.get(`${sample.sample_id}/${machine_id}`) ?? new Set<string>();
      const tests = (await testsLeft(tx, laboratoryId, machine_id, sample)).filter(
        (test) => !already.has(test.test_code),
      );
      if (tests.length === 0) continue;
      await tx.insert(analyserOrders).values({
        laboratory_id: laboratoryId,
        order_machine: machine_id,
        order_sample: sample.sample_id,
        order_specimen_id: sample.sample_number,
        order_priority: sample.urgent ? 'S' : 'R',
        order_tests: tests,
      });
    }
  }
}

/** The agent's pending orders, oldest first, for the analysers it serves now. */
async function pendingOrders(q: Queryable, agent: AgentCaller, limit: number): Promise<AnalyserDownload[]> {
  const rows = await q
    .select({ order: analyserOrders })
    .from(analyserOrders)
    .innerJoin(machines, eq(machines.machine_id, analyserOrders.order_machine))
    .where(
      and(
        eq(analyserOrders.laboratory_id, agent.laboratoryId),
        eq(analyserOrders.order_state, 'pending'),
        eq(machines.machine_agent, agent.agentId),
      ),
    )
    .orderBy(asc(analyserOrders.order_created_at), asc(analyserOrders.order_id))
    .limit(limit);
  return rows.map(({ order }) => ({
    order_id: order.order_id,
    machine_id: order.order_machine,
    specimen_id: order.order_specimen_id,
    priority: order.order_priority,
    tests: order.order_tests,
    created_at: toIso(order.order_created_at),
  }));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * get-analyser-downloads: the pending orders at once when there are some, else once one comes or
 * after `wait_s` (a long poll that any server copy answers).
 */
export async function awaitDownloads(
  q: Queryable,
  agent: AgentCaller,
  query: { wait_s?: number | undefined },
  limit: number,
  closed: () => boolean,
): Promise<{ orders: AnalyserDownload[] }> {
  const until = Date.now() + (query.wait_s ?? 0) * 1000;
  for (;;) {
    const orders = await pendingOrders(q, agent, limit);
    if (orders.length > 0 || Date.now() >= until || closed()) return { orders };
    await pause(Math.min(500, until - Date.now()));
  }
}

/**
 * acknowledge-analyser-orders: each order the agent sent leaves the pending ones (sent, or refused
 * by the analyser) and enters the analyser's message log as it went out, under the order's id. A
 * repeat of the acknowledgement changes nothing and is acknowledged again; an order of an analyser
 * this agent does not serve is not acknowledged.
 */
export async function acknowledgeAnalyserOrders(
  db: Db,
  agent: AgentCaller,
  deliveries: AnalyserOrderDelivery[],
): Promise<AnalyserOrdersAck> {
  const acknowledged: string[] = [];
  for (const delivery of deliveries) {
    const done = await writeTransaction(db, agentActor(agent), async (tx) => {
      const [order] = await tx
        .select({ order: analyserOrders, protocol: machines.machine_protocol })
        .from(analyserOrders)
        .innerJoin(machines, eq(machines.machine_id, analyserOrders.order_machine))
        .where(
          and(
            eq(analyserOrders.order_id, delivery.order_id),
            eq(analyserOrders.laboratory_id, agent.laboratoryId),
            eq(machines.machine_agent, agent.agentId),
          ),
        );
      if (!order) return false;
      if (order.order.order_state !== 'pending') return true;
      await tx
        .update(analyserOrders)
        .set({
          order_state: delivery.accepted ? 'sent' : 'refused',
          order_delivered_at: delivery.sent_at,
        })
        .where(eq(analyserOrders.order_id, delivery.order_id));
      const parsed: ParsedMessage = {
        kind: 'order',
        specimen_ids: [order.order.order_specimen_id],
        test_codes: order.order.order_tests.map((test) => test.test_code),
        answer: delivery.answer,
      };
      await tx
        .insert(analyserMessages)
        .values({
          message_id: delivery.order_id,
          laboratory_id: agent.laboratoryId,
          message_machine: order.order.order_machine,
          message_agent: agent.agentId,
          message_protocol: order.protocol ?? 'astm',
          message_received_at: delivery.sent_at,
          message_raw_text: delivery.raw_text,
          message_parsed: parsed,
          message_outcome: delivery.accepted ? 'sent' : 'refused',
        })
        .onConflictDoNothing({ target: analyserMessages.message_id });
      return true;
    });
    if (done) acknowledged.push(delivery.order_id);
  }
  return { acknowledged };
}
