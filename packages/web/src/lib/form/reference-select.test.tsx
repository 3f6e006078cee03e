// @vitest-environment jsdom
import { emptyRights, LOAD_ALL } from '@sil/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
import { ReferenceMultiSelect, SearchedReferenceMultiSelect } from './reference-select';

const ACTS = [
  { nabm_code: '0552', nabm_wording: 'Glucose (glycémie)' },
  { nabm_code: '0412', nabm_wording: 'Glucose-6-phosphate déshydrogénase' },
  { nabm_code: '1104', nabm_wording: 'Hémogramme' },
].map((act) => ({ ...act, nabm_last_updated: '2026-11-23T10:00:00.000Z' }));

const requests = setUpScreenTests({
  locale: 'en',
  rights: { ...emptyRights('internal'), admin_nabms: 1, admin_parameters: 1 },
});
const searches = () => requests.sent.map((request) => request.url.searchParams);

beforeEach(() => {
  requests.answer('/api/get-nabms', ({ url }) => {
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const data = ACTS.filter((act) => `${act.nabm_code} ${act.nabm_wording}`.toLowerCase().includes(search));
    return { data, number_of_rows: data.length, number_of_pages: 1 };
  });
});

describe('a searched multiple choice (NABM acts of an analysis)', () => {
  it('asks the server for a page of acts matching what is typed, never for the whole table', async () => {
    const onChange = vi.fn();
    render(
      <Providers>
        <SearchedReferenceMultiSelect table="nabms" label="NABM" value={['9999']} onChange={onChange} />
      </Providers>,
    );
    await userEvent.setup().type(screen.getByRole('combobox', { name: 'NABM' }), 'gluc');
    await waitFor(() => expect(searches().map((search) => search.get('search'))).toContain('gluc'), {
      timeout: 5_000,
    });
    // In jsdom the options are there while Mantine's dropdown still has display: none, which takes
    // them out of the accessibility tree: they are looked up among hidden elements too.
    const option = (name: string) => screen.queryByRole('option', { name, hidden: true });
    await waitFor(() => expect(option('0552 · Glucose (glycémie)')).not.toBeNull());
    fireEvent.click(option('0552 · Glucose (glycémie)') as HTMLElement);
    expect(onChange).toHaveBeenCalledWith(['9999', '0552']);
    expect(option('1104 · Hémogramme')).toBeNull();
    for (const search of searches()) {
      expect(search.get('number_of_records')).toBe('25');
      expect(search.get('number_of_records')).not.toBe(String(LOAD_ALL));
    }
  }, 20_000); // typing through Mantine's combobox in jsdom is slow on a busy machine
});

describe('a multiple choice among a loaded table (parameters of an analysis)', () => {
  it('finds a row typed without its accents or capitals', async () => {
    const parameter = (id: string, name: string) => ({
      parameter_id: id,
      parameter_name: name,
      parameter_last_updated: '2026-11-23T10:00:00.000Z',
    });
    requests.answer('/api/get-parameters', () => ({
      data: [
        parameter('0b3a4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c61', 'Hémoglobine'),
        parameter('0b3a4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c62', 'Créatinine'),
      ],
      number_of_rows: 2,
      number_of_pages: 1,
    }));
    render(
      <Providers>
        <ReferenceMultiSelect table="parameters" label="Parameters" value={[]} onChange={vi.fn()} />
      </Providers>,
    );
    const input = screen.getByRole('combobox', { name: 'Parameters' });
    await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false));
    // The rows are loaded before the search: typing waits for them.
    await waitFor(() =>
      expect(requests.sent.some((request) => request.url.pathname === '/api/get-parameters')).toBe(true),
    );
    await userEvent.setup().type(input, 'HEMO');
    const option = (name: string) => screen.queryByRole('option', { name, hidden: true });
    await waitFor(() => expect(option('Hémoglobine')).not.toBeNull());
    expect(option('Créatinine')).toBeNull();
  }, 20_000);
});
