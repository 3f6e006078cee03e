import type { AnalyserMessageIn, AnalyserMessagesAck } from '@sil/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/open.js';
import { machines } from '../../../db/schema/reference.js';
import type { AgentCaller } from '../agents/authenticate.js';
import { ingestMessage } from './ingest-message.js';

/**
 * post-analyser-messages: each message in its own transaction, in the journal's order. Accepted:
 * stored now or before (the agent marks them forwarded); refused: an analyser this agent does not
 * serve. A message that failed for another reason is neither: the agent sends it again.
 */
export async function postAnalyserMessages(
  db: Db,
  agent: AgentCaller,
  messages: AnalyserMessageIn[],
  log: FastifyBaseLogger,
): Promise<AnalyserMessagesAck> {
  const machineIds = [...new Set(messages.map((message) => message.machine_id))];
  const served = new Set(
    (
      await db
        .select({ machine_id: machines.machine_id })
        .from(machines)
        .where(
          and(
            eq(machines.laboratory_id, agent.laboratoryId),
            eq(machines.machine_agent, agent.agentId),
            inArray(machines.machine_id, machineIds),
          ),
        )
    ).map((row) => row.machine_id),
  );
  const ack: AnalyserMessagesAck = { accepted: [], refused: [] };
  for (const message of messages) {
    if (!served.has(message.machine_id)) {
      ack.refused.push({ message_id: message.message_id, code: 'analyserNotServed' });
      continue;
    }
    try {
      await ingestMessage(db, agent, message);
      ack.accepted.push(message.message_id);
    } catch (error) {
      // No patient data in the log: the message's id and the error's name only.
      log.error(
        { message_id: message.message_id, error: (error as Error).name },
        'analyser message not stored',
      );
    }
  }
  return ack;
}
