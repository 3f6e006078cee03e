// @vitest-environment jsdom
import type { SampleRow } from '@sil/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { aSample } from '../../testing/rows';
import { setUpScreenTests } from '../../testing/screen-tests';
import { SampleProgress } from './sample-progress';

const RECORD = '0b7f1c1e-8a2b-4c3d-9e4f-0a1b2c3d4e5f';
const ANALYSIS = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const SAMPLE = aSample({ sample_record: RECORD, sample_analyses: [ANALYSIS], sample_status: 3 });

const requests = setUpScreenTests({ locale: 'fr', uid: RECORD });

const show = (sample: SampleRow) =>
  render(
    <Providers>
      <SampleProgress recordId={RECORD} sample={sample} />
    </Providers>,
  );

describe('SampleProgress', () => {
  it('offers only the steps a bench update owns', async () => {
    show({ ...SAMPLE, sample_status: 1 });
    fireEvent.click(await screen.findByRole('button', { name: 'Avancer' }, { timeout: 10_000 }));
    const offered = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(offered).toEqual(['Injecté', 'Retiré']);
  }, 20_000);

  it('offers nothing once a sample is complete: validation takes it on', async () => {
    render(
      <Providers>
        <SampleProgress recordId={RECORD} sample={{ ...SAMPLE, sample_status: 1 }} />
        <SampleProgress recordId={RECORD} sample={{ ...SAMPLE, sample_status: 3 }} />
      </Providers>,
    );
    // Rendered beside a sample still on the bench, whose button shows once the texts are loaded.
    const buttons = await screen.findAllByRole('button', { name: 'Avancer' }, { timeout: 10_000 });
    expect(buttons).toHaveLength(1);
  }, 20_000);

  it('asks for confirmation when results are missing, then completes with force_save', async () => {
    requests.answer('/api/update-sample-status', ({ body }) =>
      (body as { force_save?: boolean }).force_save
        ? { ...SAMPLE, sample_status: 3 }
        : new Response(
            JSON.stringify({
              code: 'forceSaveRequired',
              details: { missing_results: [ANALYSIS], force_save: true },
            }),
            { status: 403 },
          ),
    );
    show({ ...SAMPLE, sample_status: 2 });
    fireEvent.click(await screen.findByRole('button', { name: 'Avancer' }, { timeout: 10_000 }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Retiré' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Marquer l’échantillon terminé ?' });
    expect(within(confirmation).getByRole('alert').textContent).toBe('1 analyse n’a pas encore de résultat.');
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Terminer quand même' }));
    await waitFor(() => expect(requests.sent).toHaveLength(2));
    expect(requests.sent.map((request) => request.body)).toEqual([
      { sample_id: SAMPLE.sample_id, sample_status: 3 },
      { sample_id: SAMPLE.sample_id, sample_status: 3, force_save: true },
    ]);
    expect(await screen.findByText('Échantillon mis à jour')).toBeTruthy();
  }, 20_000);
});
