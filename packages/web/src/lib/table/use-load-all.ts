import { type EntityDefinition, entities, type ReferenceRow, type ReferenceTableName } from '@sil/contract';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { queryKeys } from '../query-keys';
import { useSession } from '../use-session';
import { referenceListRoute } from './entity-routes';
import { loadEveryRow } from './list-state';

export interface Choice {
  value: string;
  label: string;
}

/** How a row of each table reads as a choice: its id, and its definition's label field. */
const CHOICE_OF: { [N in ReferenceTableName]: (row: ReferenceRow<N>) => Choice } = {
  matrices: (row) => ({ value: row.matrix_id, label: row.matrix_name }),
  families: (row) => ({ value: row.family_id, label: row.family_name }),
  machines: (row) => ({ value: row.machine_id, label: row.machine_name }),
  sample_types: (row) => ({ value: row.sample_type_id, label: row.sample_type_name }),
  clinics: (row) => ({ value: row.clinic_id, label: row.clinic_name }),
  collectors: (row) => ({ value: row.collector_id, label: row.collector_surname }),
  prescribers: (row) => ({ value: row.prescriber_id, label: row.prescriber_surname }),
  // NABM acts read best as code and wording; the code alone is what the lab types.
  nabms: (row) => ({ value: row.nabm_code, label: `${row.nabm_code} · ${row.nabm_wording}` }),
  parameters: (row) => ({ value: row.parameter_id, label: row.parameter_name }),
  analyses: (row) => ({ value: row.analysis_id, label: row.analysis_name }),
};

/** spec.md §7: the collectors' drop-downs list them by their clinic. */
const LOAD_ALL_ORDER: Partial<Record<ReferenceTableName, Record<string, string>>> = {
  collectors: { sort_by: 'owner', sort_order: 'ASC' },
};

/**
 * Every row of another table as choices for a filter or a select. Loaded only when the user may
 * read that table (spec.md §6: filters from another table need read level 1 on it).
 */
function loadAllOptions<N extends ReferenceTableName>(table: N, allowed: boolean) {
  const choiceOf: (row: ReferenceRow<N>) => Choice = CHOICE_OF[table];
  return {
    queryKey: queryKeys.table.loadAll(table),
    queryFn: async () => {
      const route = await referenceListRoute(table);
      return loadEveryRow((query) => call(route, { query }), LOAD_ALL_ORDER[table]);
    },
    select: (answer: { data: ReferenceRow<N>[] }) => answer.data.map(choiceOf),
    enabled: allowed,
    staleTime: 30_000,
  };
}

export function useLoadAll(table: ReferenceTableName) {
  const { rights } = useSession();
  // Clinic users have no levels: they read whole the tables the contract opens to them.
  const definition: EntityDefinition = entities[table];
  const portal = rights?.user_type === 'external' && definition.externalsRead === true;
  const allowed = portal || (rights?.[entities[table].permission] ?? 0) >= 1;
  const query = useQuery(loadAllOptions(table, allowed));
  return { allowed, choices: query.data ?? [], loading: query.isLoading };
}

export interface LoadedTable {
  table: ReferenceTableName;
  allowed: boolean;
  choices: Choice[];
}

/**
 * Several tables at once (the filters of one page), each loaded only with the read right and once
 * `wanted` (a filter opened or set): a page does not download tables nobody filters on.
 */
export function useLoadAllOf(
  tables: readonly ReferenceTableName[],
  wanted: ReadonlySet<ReferenceTableName>,
): LoadedTable[] {
  const { rights } = useSession();
  const allowed = tables.map((table) => (rights?.[entities[table].permission] ?? 0) >= 1);
  const answers = useQueries({
    queries: tables.map((table, index) =>
      loadAllOptions(table, (allowed[index] ?? false) && wanted.has(table)),
    ),
  });
  return tables.map((table, index) => ({
    table,
    allowed: allowed[index] ?? false,
    choices: answers[index]?.data ?? [],
  }));
}

/** How many rows a searched select offers at once: enough to pick from, small to send. */
export const SEARCHED_CHOICES = 25;

/**
 * The first rows of a large table matching what the user typed, searched by the server's list
 * (code and wording for NABM acts), instead of the whole table: the NABM table is 654 KB of JSON.
 */
export function useSearchedChoices<N extends ReferenceTableName>(table: N, search: string) {
  const { rights } = useSession();
  const allowed = (rights?.[entities[table].permission] ?? 0) >= 1;
  const choiceOf: (row: ReferenceRow<N>) => Choice = CHOICE_OF[table];
  const term = search.trim();
  const query = useQuery({
    queryKey: queryKeys.table.list(table, { search: term, number_of_records: SEARCHED_CHOICES }),
    queryFn: async () =>
      call(await referenceListRoute(table), {
        query: { search: term || undefined, number_of_records: SEARCHED_CHOICES, page_number: 1 },
      }),
    select: (answer: { data: ReferenceRow<N>[] }) => answer.data.map(choiceOf),
    enabled: allowed,
    staleTime: 30_000,
    // The choices of the last search stay while the next one loads: the list does not flicker.
    placeholderData: keepPreviousData,
  });
  return { allowed, choices: query.data ?? [], loading: query.isFetching };
}
