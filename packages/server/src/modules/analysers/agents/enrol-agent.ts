import type { AgentCredential } from '@sil/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { agents } from '../../../db/schema/analysers.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { hashSecret, newSecret } from './secrets.js';

/**
 * enrol-agent: the one-time code (its hash) names a pending agent; the agent receives its own
 * credential, whose secret is kept hashed, and the code is spent. An expired code is refused and
 * stays refused (the administrator rotates the agent for a new one).
 */
export async function enrolAgent(
  db: Db,
  body: { enrolment_code: string; agent_host?: string | undefined; agent_version?: string | undefined },
): Promise<AgentCredential> {
  const codeHash = hashSecret(body.enrolment_code);
  const secret = newSecret();
  const found = await db
    .select({ agent_id: agents.agent_id, laboratory_id: agents.laboratory_id })
    .from(agents)
    .where(eq(agents.agent_enrolment_hash, codeHash));
  const agent = found[0] ?? fail('enrolmentCodeInvalid');
  return writeTransaction(
    db,
    { uid: `agent:${agent.agent_id}`, laboratoryId: agent.laboratory_id },
    async (tx) => {
      const [locked] = await tx
        .select()
        .from(agents)
        .where(eq(agents.agent_id, agent.agent_id))
        .for('update');
      const row = locked ?? fail('enrolmentCodeInvalid');
      if (row.agent_state !== 'pending' || row.agent_enrolment_hash !== codeHash)
        fail('enrolmentCodeInvalid');
      if (!row.agent_enrolment_expires_at || new Date(row.agent_enrolment_expires_at).getTime() < Date.now())
        fail('enrolmentCodeExpired');
      await tx
        .update(agents)
        .set({
          agent_state: 'active',
          agent_secret_hash: hashSecret(secret),
          agent_enrolment_hash: null,
          agent_enrolment_expires_at: null,
          agent_enrolled_at: sql`now()`,
          agent_host: body.agent_host ?? row.agent_host,
          agent_version: body.agent_version ?? row.agent_version,
        })
        .where(eq(agents.agent_id, row.agent_id));
      return { agent_id: row.agent_id, agent_name: row.agent_name, credential: `${row.agent_id}.${secret}` };
    },
  );
}
