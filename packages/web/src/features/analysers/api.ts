import type {
  AgentIdBody,
  MessageOutcome,
  ReconciliationItemsQuery,
  ResolveReconciliationItemBody,
  UpdateAnalyserMappingsBody,
} from '@sil/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { agentsKey } from '../../lib/agent-choices';
import { call } from '../../lib/api-client';
import { notifyApiError } from '../../lib/notify';

export { useAgents } from '../../lib/agent-choices';

/** Every read of the analysers' screens sits under this key, so that a resolution refreshes them all. */
const keys = {
  all: ['analysers'] as const,
  states: ['analysers', 'states'] as const,
  messages: (machineId: string, page: number, outcome: string) =>
    ['analysers', 'messages', machineId, page, outcome] as const,
  mappings: (machineId: string) => ['analysers', 'mappings', machineId] as const,
  reconciliation: (query: object) => ['analysers', 'reconciliation', query] as const,
};

/** Links as the agents last reported them; read again every half minute while on screen. */
export function useAnalyserStates() {
  return useQuery({
    queryKey: keys.states,
    queryFn: () => call('getAnalyserStates', {}),
    refetchInterval: 30_000,
  });
}

export function useAnalyserMessages(machineId: string, page: number, outcome: MessageOutcome | null) {
  return useQuery({
    queryKey: keys.messages(machineId, page, outcome ?? ''),
    queryFn: () =>
      call('getAnalyserMessages', {
        query: { machine_id: machineId, page, per_page: 20, ...(outcome ? { outcome } : {}) },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAnalyserMappings(machineId: string) {
  return useQuery({
    queryKey: keys.mappings(machineId),
    queryFn: () => call('getAnalyserMappings', { query: { machine_id: machineId } }),
  });
}

export function useReconciliationItems(query: z.input<typeof ReconciliationItemsQuery>) {
  return useQuery({
    queryKey: keys.reconciliation(query),
    queryFn: () => call('getReconciliationItems', { query }),
    placeholderData: keepPreviousData,
  });
}

function useAnalysersMutation<B, A>(run: (body: B) => Promise<A>, key: readonly unknown[] = keys.all) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onError: notifyApiError,
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export const useAddAgent = () =>
  useAnalysersMutation(
    (agentName: string) => call('addAgent', { body: { agent_name: agentName } }),
    agentsKey,
  );
export const useRevokeAgent = () =>
  useAnalysersMutation((body: z.input<typeof AgentIdBody>) => call('revokeAgent', { body }), agentsKey);
export const useRotateAgentCredential = () =>
  useAnalysersMutation(
    (body: z.input<typeof AgentIdBody>) => call('rotateAgentCredential', { body }),
    agentsKey,
  );
export const useUpdateAnalyserMappings = () =>
  useAnalysersMutation((body: z.input<typeof UpdateAnalyserMappingsBody>) =>
    call('updateAnalyserMappings', { body }),
  );
export const useResolveReconciliationItem = () =>
  useAnalysersMutation((body: z.input<typeof ResolveReconciliationItemBody>) =>
    call('resolveReconciliationItem', { body }),
  );
