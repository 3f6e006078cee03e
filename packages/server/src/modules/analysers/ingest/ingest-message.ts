import type { AnalyserMessageIn, MessageOutcome } from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/open.js';
import { analyserMessages } from '../../../db/schema/analysers.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { analyserMappingsOf } from '../../results/index.js';
import { type AgentCaller, agentActor } from '../agents/authenticate.js';
import { landControls } from './controls.js';
import { addItems, type ItemDraft } from './items.js';
import { landPatientResults } from './land-results.js';

interface Counts {
  outcome: MessageOutcome;
  stored: number;
  toCiq: number;
  items: ItemDraft[];
}

function outcomeOf(stored: number, toCiq: number, waiting: number): MessageOutcome {
  if (waiting === 0) return stored > 0 || toCiq === 0 ? 'stored' : 'qc';
  return stored + toCiq > 0 ? 'partly' : 'reconciliation';
}

async function apply(tx: Tx, agent: AgentCaller, message: AnalyserMessageIn): Promise<Counts> {
  const { parsed } = message;
  if (parsed.kind === 'unreadable')
    return {
      outcome: 'unreadable',
      stored: 0,
      toCiq: 0,
      items: [{ reason: 'unreadable', detail: parsed.reason, result: null }],
    };
  if (parsed.kind === 'query') return { outcome: 'query', stored: 0, toCiq: 0, items: [] };
  // An order is the laboratory's own message (download mode), logged when its agent sent it.
  if (parsed.kind === 'other' || parsed.kind === 'order')
    return { outcome: 'ignored', stored: 0, toCiq: 0, items: [] };
  const mappings = new Map(
    (await analyserMappingsOf(tx, agent.laboratoryId, message.machine_id)).map((m) => [m.test_code, m]),
  );
  const controls = await landControls(
    tx,
    agent.laboratoryId,
    message.machine_id,
    parsed.results.filter((result) => result.qc),
    mappings,
  );
  const patients = await landPatientResults(
    tx,
    agent.laboratoryId,
    message.machine_id,
    parsed.results.filter((result) => !result.qc),
    mappings,
  );
  const items = [...controls.items, ...patients.items];
  const outcome =
    parsed.results.length === 0 ? 'ignored' : outcomeOf(patients.stored, controls.toCiq, items.length);
  return { outcome, stored: patients.stored, toCiq: controls.toCiq, items };
}

/**
 * One message, in one transaction: kept in the log under its id (a repeat finds it there and
 * changes nothing), then its results landed, its controls run, and the rest queued for a person.
 * Answers whether it was new.
 */
export function ingestMessage(db: Db, agent: AgentCaller, message: AnalyserMessageIn): Promise<boolean> {
  return writeTransaction(db, agentActor(agent), async (tx) => {
    const [kept] = await tx
      .insert(analyserMessages)
      .values({
        message_id: message.message_id,
        laboratory_id: agent.laboratoryId,
        message_machine: message.machine_id,
        message_agent: agent.agentId,
        message_protocol: message.protocol,
        message_received_at: message.received_at,
        message_raw_text: message.raw_text,
        message_parsed: message.parsed,
        message_outcome: 'ignored',
      })
      .onConflictDoNothing({ target: analyserMessages.message_id })
      .returning({ message_id: analyserMessages.message_id });
    if (!kept) return false;
    const counts = await apply(tx, agent, message);
    const context = {
      laboratoryId: agent.laboratoryId,
      machineId: message.machine_id,
      messageId: message.message_id,
    };
    await addItems(tx, context, counts.items);
    await tx
      .update(analyserMessages)
      .set({
        message_outcome: counts.outcome,
        message_results_stored: counts.stored,
        message_results_to_ciq: counts.toCiq,
        message_results_in_reconciliation: counts.items.length,
      })
      .where(eq(analyserMessages.message_id, message.message_id));
    return true;
  });
}
