import type { AgentRow } from '@sil/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../../db/open.js';
import { agentPresence, agents } from '../../../db/schema/analysers.js';
import { machines } from '../../../db/schema/reference.js';
import { fail } from '../../../lib/errors.js';
import { toIso } from '../../../lib/time.js';

const iso = (stamp: string | null) => (stamp ? toIso(stamp) : null);

type Row = typeof agents.$inferSelect;

function present(row: Row, lastSeen: string | null, served: AgentRow['agent_analysers']): AgentRow {
  return {
    agent_id: row.agent_id,
    agent_name: row.agent_name,
    agent_state: row.agent_state,
    agent_enrolment_expires_at: row.agent_state === 'pending' ? iso(row.agent_enrolment_expires_at) : null,
    agent_enrolled_at: iso(row.agent_enrolled_at),
    agent_credential_rotated_at: iso(row.agent_credential_rotated_at),
    agent_revoked_at: iso(row.agent_revoked_at),
    agent_last_seen_at: iso(lastSeen),
    agent_host: row.agent_host,
    agent_version: row.agent_version,
    agent_analysers: served,
    agent_last_updated: toIso(row.agent_last_updated),
  };
}

/** The laboratory's agents with the analysers each serves, by name. */
export async function agentsOf(q: Queryable, laboratoryId: string, agentId?: string): Promise<AgentRow[]> {
  const rows = await q
    .select({ agent: agents, last_seen: agentPresence.presence_last_seen_at })
    .from(agents)
    .leftJoin(agentPresence, eq(agentPresence.presence_agent, agents.agent_id))
    .where(and(eq(agents.laboratory_id, laboratoryId), agentId ? eq(agents.agent_id, agentId) : undefined))
    .orderBy(asc(agents.agent_name));
  const served = await q
    .select({
      agent: machines.machine_agent,
      machine_id: machines.machine_id,
      machine_name: machines.machine_name,
    })
    .from(machines)
    .where(and(eq(machines.laboratory_id, laboratoryId), isNotNull(machines.machine_agent)))
    .orderBy(asc(machines.machine_name));
  return rows.map(({ agent, last_seen }) =>
    present(
      agent,
      last_seen,
      served
        .filter((m) => m.agent === agent.agent_id)
        .map(({ machine_id, machine_name }) => ({ machine_id, machine_name })),
    ),
  );
}

export async function agentOf(q: Queryable, laboratoryId: string, agentId: string): Promise<AgentRow> {
  const [row] = await agentsOf(q, laboratoryId, agentId);
  return row ?? fail('agentNotFound');
}
