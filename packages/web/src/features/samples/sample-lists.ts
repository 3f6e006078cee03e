import { sampleList } from '@sil/contract';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/** A sample of a list on screen, as the bench moves through it. */
export interface ListedSample {
  sample_id: string;
  sample_number: string;
}

const rowsOf = (data: unknown): ListedSample[] => {
  const rows = Reflect.get(Object(data), 'data');
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: unknown) => {
    const id = Reflect.get(Object(row), 'sample_id');
    const number = Reflect.get(Object(row), 'sample_number');
    return typeof id === 'string' && typeof number === 'string'
      ? [{ sample_id: id, sample_number: number }]
      : [];
  });
};

/**
 * The samples list as the table shows it now (the page its search, filters and sort chose): the
 * list query someone still watches; the most recent first when several are.
 */
export function shownSamples(client: QueryClient): ListedSample[] {
  const lists = client
    .getQueryCache()
    .findAll({ queryKey: [...queryKeys.table.all(sampleList.table), 'list'] })
    .filter((query) => query.getObserversCount() > 0 && query.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  return rowsOf(lists[0]?.state.data);
}

/**
 * The list a sample was opened from: the table's page that holds it, else the longest list read
 * that holds it (an address opened directly has none: the bench then has no next sample).
 */
export function listHolding(client: QueryClient, sampleId: string): ListedSample[] {
  const shown = shownSamples(client);
  if (shown.some((sample) => sample.sample_id === sampleId)) return shown;
  const lists = client
    .getQueriesData({ queryKey: [...queryKeys.table.all(sampleList.table), 'list'] })
    .map(([, data]) => rowsOf(data))
    .filter((rows) => rows.some((sample) => sample.sample_id === sampleId))
    .sort((a, b) => b.length - a.length);
  return lists[0] ?? [];
}
