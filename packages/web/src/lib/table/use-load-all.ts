import { entities, type ReferenceTableName } from '@sil/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSession } from '../use-session';
import { apiGet } from './http';
import { loadAllQuery } from './list-state';
import { tableKeys } from './query-keys';
import { type ListAnswer, ListAnswerSchema, textOf } from './rows';

export interface Choice {
  value: string;
  label: string;
}

/**
 * Every row of another table as choices for a filter or a select. Loaded only when the user may
 * read that table (spec.md §6: filters from another table need read level 1 on it).
 */
const loadAllOptions = (table: ReferenceTableName, allowed: boolean) => ({
  queryKey: tableKeys.loadAll(table),
  queryFn: () => apiGet(entities[table].paths.list, loadAllQuery, ListAnswerSchema),
  enabled: allowed,
  staleTime: 30_000,
});

function choicesOf(table: ReferenceTableName, answer: ListAnswer | undefined): Choice[] {
  const entity = entities[table];
  return (answer?.data ?? []).map((row) => {
    const id = textOf(row, entity.idField) ?? '';
    const label = textOf(row, entity.labelField) ?? id;
    // NABM acts read best as code and wording; the code alone is what the lab types.
    return { value: id, label: table === 'nabms' ? `${id} · ${label}` : label };
  });
}

export function useLoadAll(table: ReferenceTableName) {
  const { rights } = useSession();
  const allowed = (rights?.[entities[table].permission] ?? 0) >= 1;
  const query = useQuery(loadAllOptions(table, allowed));
  const choices = useMemo(() => choicesOf(table, query.data), [query.data, table]);
  return { allowed, choices, loading: query.isLoading };
}

export interface LoadedTable {
  table: ReferenceTableName;
  allowed: boolean;
  choices: Choice[];
}

/** Several tables at once (the filters of one page), each loaded only with the read right. */
export function useLoadAllOf(tables: readonly ReferenceTableName[]): LoadedTable[] {
  const { rights } = useSession();
  const allowed = tables.map((table) => (rights?.[entities[table].permission] ?? 0) >= 1);
  const answers = useQueries({
    queries: tables.map((table, index) => loadAllOptions(table, allowed[index] ?? false)),
  });
  return tables.map((table, index) => ({
    table,
    allowed: allowed[index] ?? false,
    choices: choicesOf(table, answers[index]?.data),
  }));
}
