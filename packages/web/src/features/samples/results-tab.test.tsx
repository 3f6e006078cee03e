// @vitest-environment jsdom
import { emptyRights, type SampleResultLine, type SampleResults } from '@sil/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { aSample } from '../../testing/rows';
import { setUpScreenTests } from '../../testing/screen-tests';
import { ResultsTab } from './results-tab';

const SAMPLE_ID = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
const GLUCOSE = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';
const SODIUM = '4f5a6b7c-8d9e-4f0a-9b1c-2d3e4f5a6b7c';
const SAVE = '/api/update-sample-results';

const line = (parameterId: string, name: string): SampleResultLine => ({
  analysis_id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  analysis_name: 'Biochimie',
  parameter_id: parameterId,
  parameter_name: name,
  parameter_code: name === 'Glucose' ? 'GLU' : null,
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

const DATA: SampleResults = {
  sample: aSample({ sample_id: SAMPLE_ID }),
  lines: [line(GLUCOSE, 'Glucose'), line(SODIUM, 'Sodium')],
};

const requests = setUpScreenTests({ locale: 'en', rights: { ...emptyRights('internal'), admin_samples: 2 } });

function renderBench() {
  render(
    <Providers>
      <ResultsTab data={DATA} editable context={null} onReload={async () => undefined} />
    </Providers>,
  );
}

describe('the results bench', () => {
  it('moves with Enter and Shift+Enter and saves the typed lines with Ctrl+Enter', async () => {
    requests.answer(SAVE, () => DATA);
    renderBench();
    const user = userEvent.setup();
    const glucose = await screen.findByRole('textbox', { name: 'Result of Glucose' });
    const sodium = screen.getByRole('textbox', { name: 'Result of Sodium' });
    await waitFor(() => expect(document.activeElement).toBe(glucose));
    await user.keyboard('1.26{Enter}');
    expect(document.activeElement).toBe(sodium);
    await user.keyboard('positif{Shift>}{Enter}{/Shift}');
    expect(document.activeElement).toBe(glucose);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByText('Results saved');
    expect(requests.sent.map((request) => request.body)).toEqual([
      {
        sample_id: SAMPLE_ID,
        results: [
          { parameter_id: GLUCOSE, result_value: 1.26, result_text: null, result_last_updated: null },
          { parameter_id: SODIUM, result_value: null, result_text: 'positif', result_last_updated: null },
        ],
      },
    ]);
  }, 30_000);

  it("shows the spec's columns, the parameter's code as reference and the value as the report prints it", async () => {
    renderBench();
    const user = userEvent.setup();
    const table = await screen.findByRole('table');
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((head) => head.textContent);
    expect(heads).toEqual([
      'Parameter',
      'Raw result',
      'Calculated result',
      'Units',
      'Raw reference range',
      'Calculated reference range',
      'Anteriority',
      'Reference',
      'Value',
      'Interpretation',
    ]);
    const row = (name: string) => table.querySelector(`[data-line="${name}"]`) as HTMLElement;
    expect(within(row('Glucose')).getByTestId('reference').textContent).toBe('GLU');
    expect(within(row('Sodium')).getByTestId('reference').textContent).toBe('—');
    expect(within(row('Glucose')).getByTestId('reported').textContent).toBe('—');
    // The value follows the typing, in the screen's words and the unit it is reported in.
    await user.type(screen.getByRole('textbox', { name: 'Result of Glucose' }), '1.3');
    expect(within(row('Glucose')).getByTestId('reported').textContent).toBe('1.30\u00a0g/L');
    await user.type(screen.getByRole('textbox', { name: 'Result of Sodium' }), 'positif');
    expect(within(row('Sodium')).getByTestId('reported').textContent).toBe('positif');
  }, 30_000);

  it('keeps what was typed when the save is refused, the refusal under its line', async () => {
    requests.answer(
      SAVE,
      () =>
        new Response(JSON.stringify({ code: 'outOfBounds', details: { parameter_id: SODIUM } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderBench();
    const user = userEvent.setup();
    const sodium = await screen.findByRole('textbox', { name: 'Result of Sodium' });
    await user.type(sodium, '9000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sodium.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('status').textContent).toBe('Parameter is out of bounds');
    expect((sodium as HTMLInputElement).value).toBe('9000');
    screen.getByText('1 changed result not saved');
  }, 30_000);

  it('flags a text longer than a result holds under its input and sends nothing', async () => {
    renderBench();
    const user = userEvent.setup();
    const glucose = await screen.findByRole('textbox', { name: 'Result of Glucose' });
    await user.click(glucose);
    await user.paste('x'.repeat(501));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(glucose.getAttribute('aria-invalid')).toBe('true'));
    expect(requests.sent).toEqual([]);
  }, 30_000);
});
