import type { SetValidationRuleBody, ValidateByRulesBody } from '@sil/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { referenceListRoute } from '../../lib/table/entity-routes';
import { loadEveryRow } from '../../lib/table/list-state';

/** Rule-assisted validation's calls; their keys sit under the validation's, refreshed with it. */
const RULES = [...queryKeys.validation.all, 'rules'] as const;
const RULE_QUEUE = [...queryKeys.validation.all, 'rule-queue'] as const;

export const useValidationRules = () =>
  useQuery({ queryKey: RULES, queryFn: () => call('getValidationRules', {}) });

export const useRuleQueue = () =>
  useQuery({ queryKey: RULE_QUEUE, queryFn: () => call('getRuleValidationQueue', {}) });

/** The catalogue's analyses, for choosing which one a new rule is for. */
export function useAnalysisChoices() {
  return useQuery({
    queryKey: [...queryKeys.table.loadAll('analyses'), 'choices'],
    queryFn: async () => {
      const route = await referenceListRoute('analyses');
      return loadEveryRow((query) => call(route, { query }));
    },
    select: (answer) => answer.data.map((row) => ({ value: row.analysis_id, label: row.analysis_name })),
    staleTime: 30_000,
  });
}

function useRefreshValidation() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.validation.all }),
      client.invalidateQueries({ queryKey: queryKeys.record.all }),
      client.invalidateQueries({ queryKey: queryKeys.table.all('records') }),
    ]);
  };
}

export function useSetValidationRule() {
  const onSettled = useRefreshValidation();
  return useMutation({
    mutationFn: (body: SetValidationRuleBody) => call('setValidationRule', { body }),
    onSettled,
  });
}

export function useDeleteValidationRule() {
  const onSettled = useRefreshValidation();
  return useMutation({
    mutationFn: (analysisId: string) => call('deleteValidationRule', { body: { rule_analysis: analysisId } }),
    onSettled,
  });
}

export function useValidateByRules() {
  const onSettled = useRefreshValidation();
  return useMutation({
    mutationFn: (body: ValidateByRulesBody) => call('validateByRules', { body }),
    onSettled,
  });
}
