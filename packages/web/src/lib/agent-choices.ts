import { useQuery } from '@tanstack/react-query';
import { call } from './api-client';
import { useTableRights } from './table/rights';
import type { Choice } from './table/use-load-all';

/**
 * The laboratory's agents: read by the analysers' screens and by the machines' form (the agent that
 * serves an analyser), under one key so that declaring or revoking one refreshes both.
 */
export const agentsKey = ['analysers', 'agents'] as const;

export function useAgents(enabled = true) {
  return useQuery({ queryKey: agentsKey, queryFn: () => call('getAgents', {}), enabled });
}

/** Agents not revoked, as choices; none without the right to read the machines. */
export function useAgentChoices(): { allowed: boolean; choices: Choice[] } {
  const allowed = useTableRights('admin_machines').read;
  const { data } = useAgents(allowed);
  const choices = (data?.agents ?? [])
    .filter((agent) => agent.agent_state !== 'revoked')
    .map((agent) => ({ value: agent.agent_id, label: agent.agent_name }));
  return { allowed, choices };
}
