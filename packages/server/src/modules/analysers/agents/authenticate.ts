import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { agentPresence, agents } from '../../../db/schema/analysers.js';
import type { Actor } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { hashSecret, readCredential, sameHash } from './secrets.js';

/** An agent calling with its credential: which agent, of which laboratory. */
export interface AgentCaller {
  agentId: string;
  laboratoryId: string;
}

/** The audit trail names an agent's writes by its id (no person wrote them). */
export const agentActor = (agent: AgentCaller): Actor => ({
  uid: `agent:${agent.agentId}`,
  laboratoryId: agent.laboratoryId,
});

/**
 * Checks `Authorization: Bearer <agent_id>.<secret>` against the stored hash of an active agent;
 * a revoked or replaced credential is refused the same way as an unknown one. The agent's last
 * call is noted apart from its row (agent_presence).
 */
export async function authenticateAgent(db: Db, authorization: string | undefined): Promise<AgentCaller> {
  const bearer = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  const credential = bearer ? readCredential(bearer) : null;
  if (!credential) return fail('invalidAgentCredential');
  const [agent] = await db
    .select({
      laboratory_id: agents.laboratory_id,
      agent_state: agents.agent_state,
      agent_secret_hash: agents.agent_secret_hash,
    })
    .from(agents)
    .where(eq(agents.agent_id, credential.agentId));
  if (
    agent?.agent_state !== 'active' ||
    !agent.agent_secret_hash ||
    !sameHash(agent.agent_secret_hash, hashSecret(credential.secret))
  ) {
    return fail('invalidAgentCredential');
  }
  await db
    .insert(agentPresence)
    .values({
      presence_agent: credential.agentId,
      laboratory_id: agent.laboratory_id,
      presence_last_seen_at: sql`now()`,
    })
    .onConflictDoUpdate({ target: agentPresence.presence_agent, set: { presence_last_seen_at: sql`now()` } });
  return { agentId: credential.agentId, laboratoryId: agent.laboratory_id };
}
