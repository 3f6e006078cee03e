// @vitest-environment jsdom
import { emptyRights, type SampleResultLine, type SampleResults } from '@sil/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { aSample } from '../../testing/rows';
import { setUpScreenTests } from '../../testing/screen-tests';
import BatchEntryModal from './batch-entry-modal';

const ANALYSIS = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const GLUCOSE = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';
const SODIUM = '4f5a6b7c-8d9e-4f0a-9b1c-2d3e4f5a6b7c';
const FIRST = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
const SECOND = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const SAVE = '/api/update-sample-results';

const line = (parameterId: string, name: string): SampleResultLine => ({
  analysis_id: ANALYSIS,
  analysis_name: 'Biochimie',
  parameter_id: parameterId,
  parameter_name: name,
  parameter_unit: 'g/L',
  parameter_unit_after_calc: null,
  parameter_decimals: 2,
  result: null,
  calculation_error: null,
  calculation_detail: null,
  calculation_inputs: null,
  anteriority: null,
  delta_check: null,
});

const resultsOf = (sampleId: string, number: string): SampleResults => ({
  sample: aSample({ sample_id: sampleId, sample_number: number }),
  lines: [line(GLUCOSE, 'Glucose'), line(SODIUM, 'Sodium')],
});
const BY_ID: Record<string, SampleResults> = {
  [FIRST]: resultsOf(FIRST, '2611280001-01'),
  [SECOND]: resultsOf(SECOND, '2611280002-01'),
};

const requests = setUpScreenTests({ locale: 'en', rights: { ...emptyRights('internal'), admin_samples: 2 } });

function renderGrid() {
  requests.answer(
    '/api/get-sample-results',
    (request) => BY_ID[request.url.searchParams.get('sample_id') ?? ''],
  );
  render(
    <Providers>
      <BatchEntryModal
        title="Batch entry"
        samples={[
          { sample_id: FIRST, sample_number: '2611280001-01', label: 'MS · 1968' },
          { sample_id: SECOND, sample_number: '2611280002-01', label: 'DJ · 1958' },
        ]}
        analysisId={ANALYSIS}
        onClose={() => undefined}
      />
    </Providers>,
  );
}

const cell = (name: string, number: string) =>
  screen.findByRole('textbox', { name: `${name} of sample ${number}` });
const saves = () => requests.sent.filter((request) => request.path === SAVE).map((request) => request.body);

describe('the batch entry grid', () => {
  it('moves cell to cell with Enter, to the next sample after the last parameter, and saves each sample with Ctrl+Enter', async () => {
    requests.answer(SAVE, (request) => BY_ID[String(Reflect.get(Object(request.body), 'sample_id'))]);
    renderGrid();
    const user = userEvent.setup();
    const glucose = await cell('Glucose', '2611280001-01');
    await waitFor(() => expect(document.activeElement).toBe(glucose));
    await user.keyboard('1.26{Enter}140{Enter}');
    expect(document.activeElement).toBe(await cell('Glucose', '2611280002-01'));
    await user.keyboard('0.9{Enter}');
    expect(document.activeElement).toBe(await cell('Sodium', '2611280002-01'));
    await user.keyboard('{Shift>}{Enter}{/Shift}{Shift>}{Enter}{/Shift}');
    expect(document.activeElement).toBe(await cell('Sodium', '2611280001-01'));
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByText('2 samples saved');
    expect(saves()).toEqual(
      expect.arrayContaining([
        {
          sample_id: FIRST,
          results: [
            { parameter_id: GLUCOSE, result_value: 1.26, result_text: null, result_last_updated: null },
            { parameter_id: SODIUM, result_value: 140, result_text: null, result_last_updated: null },
          ],
        },
        {
          sample_id: SECOND,
          results: [
            { parameter_id: GLUCOSE, result_value: 0.9, result_text: null, result_last_updated: null },
          ],
        },
      ]),
    );
    expect(saves()).toHaveLength(2);
  }, 30_000);

  it('keeps the text of a refused sample with the refusal on its row, and saves the others', async () => {
    requests.answer(SAVE, (request) => {
      const sampleId = String(Reflect.get(Object(request.body), 'sample_id'));
      if (sampleId === FIRST) return BY_ID[FIRST];
      return new Response(JSON.stringify({ code: 'outOfBounds', details: { parameter_id: SODIUM } }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderGrid();
    const user = userEvent.setup();
    await waitFor(async () => expect(document.activeElement).toBe(await cell('Glucose', '2611280001-01')));
    await user.keyboard('1.1{Enter}{Enter}2.2{Enter}9000{Control>}{Enter}{/Control}');
    await screen.findByText(/1 sample saved, 1 refused/);
    const sodium = (await cell('Sodium', '2611280002-01')) as HTMLInputElement;
    expect(sodium.value).toBe('9000');
    expect(((await cell('Glucose', '2611280002-01')) as HTMLInputElement).value).toBe('2.2');
    await waitFor(() => expect(sodium.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByTestId('batch-refusal').textContent).toBe('Parameter is out of bounds');
  }, 30_000);
});
