import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { listHolding, shownSamples } from './sample-lists';

const page = (...numbers: string[]) => ({
  data: numbers.map((number) => ({ sample_id: `id-${number}`, sample_number: number })),
  number_of_rows: numbers.length,
  number_of_pages: 1,
});

describe('the samples list a bench moves through', () => {
  it('is the page the table shows, else the longest list read that holds the sample', () => {
    const client = new QueryClient();
    const all = queryKeys.table.list('samples', { page_number: 1 });
    const one = queryKeys.table.list('samples', { search: '02' });
    client.setQueryData(all, page('01', '02', '03'));
    client.setQueryData(one, page('02'));
    // Nobody watches a list: none is on screen, and the sample's list is the longest holding it.
    expect(shownSamples(client)).toEqual([]);
    expect(listHolding(client, 'id-02').map((sample) => sample.sample_number)).toEqual(['01', '02', '03']);
    expect(listHolding(client, 'id-09')).toEqual([]);
    // The table watches the searched page: that is the list shown.
    const unsubscribe = new QueryObserver(client, { queryKey: one, enabled: false }).subscribe(
      () => undefined,
    );
    expect(shownSamples(client).map((sample) => sample.sample_number)).toEqual(['02']);
    unsubscribe();
  });
});
