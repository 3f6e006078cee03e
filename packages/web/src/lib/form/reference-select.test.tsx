// @vitest-environment jsdom
import { emptyRights, LOAD_ALL } from '@sil/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { loadScreenTexts } from '../../app/screen-texts';
import { stubBrowserApis } from '../../testing/dom';
import { saveRights, saveTokens } from '../session';
import { SearchedReferenceMultiSelect } from './reference-select';

const ACTS = [
  { nabm_code: '0552', nabm_wording: 'Glucose (glycémie)' },
  { nabm_code: '0412', nabm_wording: 'Glucose-6-phosphate déshydrogénase' },
  { nabm_code: '1104', nabm_wording: 'Hémogramme' },
].map((act) => ({ ...act, nabm_last_updated: '2026-11-23T10:00:00.000Z' }));

const asked: URL[] = [];

beforeAll(async () => {
  stubBrowserApis();
  await loadScreenTexts();
});
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('locale', 'en');
  saveTokens(
    { access_token: 'a', refresh_token: 'r', uid: '6f1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f' },
    '1767225600000abcdef',
  );
  saveRights({ ...emptyRights('internal'), admin_nabms: 1 });
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'https://lab.example');
      if (url.pathname !== '/api/get-nabms') throw new Error(`Unexpected request to ${input}`);
      asked.push(url);
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const data = ACTS.filter((act) =>
        `${act.nabm_code} ${act.nabm_wording}`.toLowerCase().includes(search),
      );
      return new Response(JSON.stringify({ data, number_of_rows: data.length, number_of_pages: 1 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a searched multiple choice (NABM acts of an analysis)', () => {
  it('asks the server for a page of acts matching what is typed, never for the whole table', async () => {
    const onChange = vi.fn();
    render(
      <Providers>
        <SearchedReferenceMultiSelect table="nabms" label="NABM" value={['9999']} onChange={onChange} />
      </Providers>,
    );
    // The visible search field (Mantine also keeps a hidden input with the chosen values).
    const input = screen
      .getAllByLabelText('NABM')
      .find((element) => element.getAttribute('type') !== 'hidden');
    if (!input) throw new Error('no search field');
    await userEvent.setup().type(input, 'gluc');
    await waitFor(() => expect(asked.map((url) => url.searchParams.get('search'))).toContain('gluc'), {
      timeout: 5_000,
    });
    fireEvent.click(await screen.findByText('0552 · Glucose (glycémie)'));
    expect(onChange).toHaveBeenCalledWith(['9999', '0552']);
    expect(screen.queryByText('1104 · Hémogramme')).toBeNull();
    for (const url of asked) {
      expect(url.searchParams.get('number_of_records')).toBe('25');
      expect(url.searchParams.get('number_of_records')).not.toBe(String(LOAD_ALL));
    }
  }, 20_000); // typing through Mantine's combobox in jsdom is slow on a busy machine
});
