// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { aRecord, aSample } from '../../testing/rows';
import { setUpScreenTests } from '../../testing/screen-tests';
import { TubeScan } from './tube-scan';

const requests = setUpScreenTests({ locale: 'fr', uid: '0b7f1c1e-8a2b-4c3d-9e4f-0a1b2c3d4e5f' });
const TUBE = aSample({ sample_number: '2611230001-01', sample_status: 0 });

const scan = (number: string) => {
  const field = screen.getByRole('textbox', { name: 'Scanner un tube' });
  fireEvent.change(field, { target: { value: number } });
  fireEvent.submit(field.closest('form') as HTMLFormElement);
};

describe('TubeScan', () => {
  it('opens the results of the sample a scanned tube names', async () => {
    requests.answer('/api/get-samples', () => ({
      data: [
        { ...TUBE, sample_results: { entered: 0, expected: 2 }, sample_abnormal: false, sample_steps: [] },
      ],
      number_of_rows: 1,
      number_of_pages: 1,
    }));
    const onOpen = vi.fn();
    render(
      <Providers>
        <TubeScan onOpen={onOpen} />
      </Providers>,
    );
    await screen.findByRole('textbox', { name: 'Scanner un tube' }, { timeout: 10_000 });
    scan(' 2611230001-01 ');
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith(TUBE.sample_id));
    expect(requests.sent[0]?.url.searchParams.get('search')).toBe('2611230001-01');
  }, 20_000);

  it('receives tube after tube at reception, with a line for each: received, already, refused', async () => {
    requests.answer('/api/receive-sample', ({ body }) => {
      const number = (body as { sample_number: string }).sample_number;
      if (number === '9999999999-01')
        return new Response(JSON.stringify({ code: 'sampleNotFound' }), { status: 404 });
      return { sample: TUBE, record: aRecord(), already_received: number.endsWith('-02') };
    });
    render(
      <Providers>
        <TubeScan onOpen={() => {}} />
      </Providers>,
    );
    fireEvent.click(await screen.findByText('Réception', {}, { timeout: 10_000 }));
    scan('2611230001-01');
    await screen.findByText('Reçu');
    scan('2611230001-02');
    await screen.findByText('Déjà reçu');
    scan('9999999999-01');
    await screen.findByText('Refusé');
    const lines = screen.getByRole('table', { name: 'Tubes scannés' }).querySelectorAll('tr');
    // The newest first, each with its record or why it was refused.
    expect([...lines].map((line) => line.getAttribute('data-outcome'))).toEqual([
      'refused',
      'already',
      'received',
    ]);
    expect(lines[2]?.textContent).toContain('dossier 2611230001');
    expect(requests.sent.map((request) => request.body)).toEqual([
      { sample_number: '2611230001-01' },
      { sample_number: '2611230001-02' },
      { sample_number: '9999999999-01' },
    ]);
  }, 20_000);
});
