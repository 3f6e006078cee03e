import { type AgentEnrolment, type AgentRow, ENROLMENT_CODE_TTL_MS } from '@sil/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/open.js';
import { agents } from '../../../db/schema/analysers.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { AppError, fail } from '../../../lib/errors.js';
import { toIso } from '../../../lib/time.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { agentOf } from './reads.js';
import { hashSecret, newEnrolmentCode } from './secrets.js';

const UNIQUE_VIOLATION = '23505';
const isUnique = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === UNIQUE_VIOLATION ||
  (error as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION;

/** A fresh code: only its hash is stored, the code itself is answered once. */
function enrolment() {
  const code = newEnrolmentCode();
  const expires = new Date(Date.now() + ENROLMENT_CODE_TTL_MS).toISOString();
  return { code, columns: { agent_enrolment_hash: hashSecret(code), agent_enrolment_expires_at: expires } };
}

const answer = (row: typeof agents.$inferSelect, code: string): AgentEnrolment => ({
  agent_id: row.agent_id,
  agent_name: row.agent_name,
  enrolment_code: code,
  enrolment_expires_at: toIso(row.agent_enrolment_expires_at ?? ''),
  agent_last_updated: toIso(row.agent_last_updated),
});

/** add-agent: the agent is pending until its code is exchanged (enrol-agent). */
export async function addAgent(
  db: Db,
  auth: Authenticated,
  body: { agent_name: string },
): Promise<AgentEnrolment> {
  const { code, columns } = enrolment();
  try {
    return await writeTransaction(db, actorOf(auth), async (tx) => {
      const [row] = await tx
        .insert(agents)
        .values({
          laboratory_id: auth.user.laboratory_id,
          agent_name: body.agent_name,
          agent_created_by: auth.user.admin_uid,
          ...columns,
        })
        .returning();
      return answer(row ?? fail('agentNotFound'), code);
    });
  } catch (error) {
    if (!(error instanceof AppError) && isUnique(error)) fail('nameTaken', { field: 'agent_name' });
    throw error;
  }
}

/** The agent's row, locked, if the stamp the administrator read is still its stamp. */
async function lockedAgent(
  tx: Tx,
  auth: Authenticated,
  body: { agent_id: string; agent_last_updated: string },
) {
  const [row] = await tx
    .select()
    .from(agents)
    .where(and(eq(agents.laboratory_id, auth.user.laboratory_id), eq(agents.agent_id, body.agent_id)))
    .for('update');
  if (!row) return fail('agentNotFound');
  if (new Date(row.agent_last_updated).getTime() !== new Date(body.agent_last_updated).getTime())
    fail('staleUpdate', { current_last_updated: toIso(row.agent_last_updated) });
  return row;
}

/** revoke-agent: its credential and any code are refused from now on; its analysers stay declared. */
export const revokeAgent = (
  db: Db,
  auth: Authenticated,
  body: { agent_id: string; agent_last_updated: string },
) =>
  writeTransaction(db, actorOf(auth), async (tx): Promise<AgentRow> => {
    await lockedAgent(tx, auth, body);
    await tx
      .update(agents)
      .set({
        agent_state: 'revoked',
        agent_secret_hash: null,
        agent_enrolment_hash: null,
        agent_enrolment_expires_at: null,
        agent_revoked_at: sql`now()`,
      })
      .where(eq(agents.agent_id, body.agent_id));
    return agentOf(tx, auth.user.laboratory_id, body.agent_id);
  });

/**
 * rotate-agent-credential: the current credential is refused at once and a new code is given;
 * the agent (or whoever installs it again) enrols with it. A revoked agent is enrolled again so.
 */
export async function rotateAgentCredential(
  db: Db,
  auth: Authenticated,
  body: { agent_id: string; agent_last_updated: string },
): Promise<AgentEnrolment> {
  const { code, columns } = enrolment();
  return writeTransaction(db, actorOf(auth), async (tx) => {
    await lockedAgent(tx, auth, body);
    const [row] = await tx
      .update(agents)
      .set({
        agent_state: 'pending',
        agent_secret_hash: null,
        agent_revoked_at: null,
        agent_credential_rotated_at: sql`now()`,
        ...columns,
      })
      .where(eq(agents.agent_id, body.agent_id))
      .returning();
    return answer(row ?? fail('agentNotFound'), code);
  });
}
