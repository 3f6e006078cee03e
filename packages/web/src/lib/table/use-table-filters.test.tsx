// @vitest-environment jsdom
import { emptyRights, recordList } from '@sil/contract';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { stubBrowserApis } from '../../testing/dom';
import { stubRequests } from '../../testing/requests';
import { saveRights, saveTokens } from '../session';
import { useTableFilters } from './use-table-filters';

const requests = stubRequests();
const asked = () => requests.sent.map((request) => request.path);
const wrapper = ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>;

beforeAll(stubBrowserApis);
beforeEach(() => {
  localStorage.clear();
  saveTokens(
    { access_token: 'a', refresh_token: 'r', uid: '6f1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f' },
    '1767225600000abcdef',
  );
  saveRights({
    ...emptyRights('internal'),
    admin_records: 1,
    admin_clinics: 1,
    admin_prescribers: 1,
    admin_collectors: 1,
  });
  // The tables a records filter can read; the test checks which it reads, and when.
  for (const table of ['prescribers', 'clinics', 'collectors']) {
    requests.answer(`/api/get-${table}`, () => ({ data: [], number_of_rows: 0, number_of_pages: 0 }));
  }
});
afterEach(cleanup);

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
