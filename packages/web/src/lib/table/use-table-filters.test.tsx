// @vitest-environment jsdom
import { emptyRights, recordList } from '@sil/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
import { useTableFilters } from './use-table-filters';

const requests = setUpScreenTests({
  locale: 'en',
  rights: {
    ...emptyRights('internal'),
    admin_records: 1,
    admin_clinics: 1,
    admin_prescribers: 1,
    admin_collectors: 1,
  },
});
const asked = () => requests.sent.map((request) => request.path);
const wrapper = ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>;

beforeEach(() => {
  // The tables a records filter can read; the test checks which it reads, and when.
  for (const table of ['prescribers', 'clinics', 'collectors']) {
    requests.answer(`/api/get-${table}`, () => ({ data: [], number_of_rows: 0, number_of_pages: 0 }));
  }
});

describe('the filters of a table page', () => {
  it('loads the rows of another table only once its filter is opened', async () => {
    const { result } = renderHook(() => useTableFilters(recordList), { wrapper });
    const prescribers = result.current.find((filter) => filter.column === 'record_prescriber');
    expect(prescribers?.onOpen).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).toEqual([]);
    act(() => prescribers?.onOpen?.());
    await waitFor(() => expect(asked()).toEqual(['/api/get-prescribers']));
  });

  it('loads at once the table of a filter that already has values, to show their names', async () => {
    renderHook(
      () => useTableFilters(recordList, {}, { record_owner: ['6f1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f'] }),
      {
        wrapper,
      },
    );
    await waitFor(() => expect(asked()).toEqual(['/api/get-clinics']));
  });
});
