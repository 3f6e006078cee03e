import type { AnalyserLinkState, AnalyserStateRow } from '@sil/contract';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/open.js';
import { agentPresence, agents, analyserStates, reconciliationItems } from '../../db/schema/analysers.js';
import { machines } from '../../db/schema/reference.js';
import { toIso } from '../../lib/time.js';
import type { AgentCaller } from './agents/authenticate.js';

const iso = (stamp: string | null) => (stamp ? toIso(stamp) : null);

/**
 * report-analyser-state: the agent's view of each link, kept as last reported (not traced: a
 * state is not a change of the laboratory's data). Analysers it does not serve are skipped.
 */
export async function reportAnalyserState(db: Db, agent: AgentCaller, states: AnalyserLinkState[]) {
  const served = new Set(
    (
      await db
        .select({ machine_id: machines.machine_id })
        .from(machines)
        .where(and(eq(machines.laboratory_id, agent.laboratoryId), eq(machines.machine_agent, agent.agentId)))
    ).map((row) => row.machine_id),
  );
  for (const state of states) {
    if (!served.has(state.machine_id)) continue;
    const columns = {
      laboratory_id: agent.laboratoryId,
      state_agent: agent.agentId,
      state_connected: state.connected,
      state_listening: state.listening,
      state_last_message_at: state.last_message_at,
      state_naks: state.naks,
      state_retransmissions: state.retransmissions,
      state_pending: state.pending,
      state_errors: state.errors,
      state_reported_at: sql`now()`,
    };
    await db
      .insert(analyserStates)
      .values({ state_machine: state.machine_id, ...columns })
      .onConflictDoUpdate({ target: analyserStates.state_machine, set: columns });
  }
  return { ok: true as const };
}

/** get-analyser-states: every machine with a protocol, its link and what waits for it. */
export async function analyserStatesOf(
  q: Queryable,
  laboratoryId: string,
): Promise<{ states: AnalyserStateRow[] }> {
  const open = q
    .select({ machine: reconciliationItems.item_machine, open: count().as('open') })
    .from(reconciliationItems)
    .where(
      and(eq(reconciliationItems.laboratory_id, laboratoryId), eq(reconciliationItems.item_state, 'open')),
    )
    .groupBy(reconciliationItems.item_machine)
    .as('open_items');
  const rows = await q
    .select({
      machine: machines,
      state: analyserStates,
      agent_name: agents.agent_name,
      last_seen: agentPresence.presence_last_seen_at,
      open: open.open,
    })
    .from(machines)
    .leftJoin(analyserStates, eq(analyserStates.state_machine, machines.machine_id))
    .leftJoin(agents, eq(agents.agent_id, machines.machine_agent))
    .leftJoin(agentPresence, eq(agentPresence.presence_agent, machines.machine_agent))
    .leftJoin(open, eq(open.machine, machines.machine_id))
    .where(and(eq(machines.laboratory_id, laboratoryId), isNotNull(machines.machine_protocol)))
    .orderBy(asc(machines.machine_name));
  return {
    states: rows.map(({ machine, state, agent_name, last_seen, open: waiting }) => ({
      machine_id: machine.machine_id,
      machine_name: machine.machine_name,
      agent_id: machine.machine_agent,
      agent_name: agent_name ?? null,
      agent_last_seen_at: iso(last_seen ?? null),
      reported_at: iso(state?.state_reported_at ?? null),
      connected: state?.state_connected ?? false,
      listening: state?.state_listening ?? false,
      last_message_at: iso(state?.state_last_message_at ?? null),
      naks: state?.state_naks ?? 0,
      retransmissions: state?.state_retransmissions ?? 0,
      pending: state?.state_pending ?? 0,
      errors: (state?.state_errors ?? []).map((error) => ({ at: toIso(error.at), message: error.message })),
      open_reconciliation_items: Number(waiting ?? 0),
    })),
  };
}
