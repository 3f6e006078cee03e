// @vitest-environment jsdom
import { emptyRights, type SampleResultLine, type SampleResults } from '@sil/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
import { SampleResultsCard } from './sample-results';

setUpScreenTests({ locale: 'fr', rights: { ...emptyRights('internal'), validation_admin: true } });

const RECORD = '1c8e2d0f-7b63-4d2e-8f68-4a2b3c5d6e7f';

const line = (
  id: number,
  name: string,
  value: number,
  previous: number,
  check: SampleResultLine['delta_check'],
) =>
  ({
    analysis_id: '0b9f3c1e-6a52-4c1d-9e57-3f1a2b4c5d6e',
    analysis_name: 'Ionogramme',
    parameter_id: `4f5b9a7c-ae96-4a51-9c9b-7d5e6f8091a${id}`,
    parameter_name: name,
    parameter_unit: 'mmol/L',
    parameter_unit_after_calc: null,
    parameter_decimals: 1,
    result: {
      result_value: value,
      result_text: null,
      result_calculated: null,
      result_censored: null,
      result_unit: 'mmol/L',
      result_range_min: 3.5,
      result_range_max: 5,
      result_flags: [],
    },
    calculation_error: null,
    calculation_detail: null,
    calculation_inputs: null,
    anteriority: {
      record_id: RECORD,
      record_number: '2611130001',
      collected_at: '2026-11-13T08:00:00.000Z',
      result_value: previous,
      result_text: null,
      result_calculated: null,
      result_censored: null,
      result_unit: 'mmol/L',
    },
    delta_check: check,
  }) as unknown as SampleResultLine;

const check = (delta: number, breach: boolean): SampleResultLine['delta_check'] => ({
  kind: 'absolute',
  limit: 1,
  window_days: 30,
  unit: 'mmol/L',
  previous_value: 4.1,
  previous_collected_at: '2026-11-13T08:00:00.000Z',
  previous_record_id: RECORD,
  previous_record_number: '2611130001',
  delta,
  delta_percent: (delta / 4.1) * 100,
  breach,
});

const entry = {
  sample: {
    sample_id: '2d7f1e9a-8c74-4e3f-9a79-5b3c4d6e7f80',
    sample_number: '2611230001-01',
    sample_status: 3,
    sample_nct_active: false,
    sample_lbloc_flag: false,
    sample_validated_at: null,
  },
  lines: [
    line(1, 'Potassium', 5.6, 4.1, check(1.5, true)),
    line(2, 'Sodium', 140, 139, null),
    line(3, 'Chlore', 4.5, 4.1, check(0.4, false)),
  ],
} as unknown as SampleResults;

describe('a sample on the validation screen', () => {
  it('highlights a delta breach with words, and shows a change within its limit quietly', async () => {
    render(
      <Providers>
        <SampleResultsCard entry={entry} tube={null} choosable chosen={false} onChoose={() => undefined} />
      </Providers>,
    );
    const potassium = (await screen.findByText('Potassium')).closest('[data-line]');
    if (!(potassium instanceof HTMLElement)) throw new Error('no potassium line');
    expect(potassium.getAttribute('data-delta-breach')).toBe('true');
    expect(within(potassium).getByText('Delta dépassé')).toBeDefined();
    expect(within(potassium).getByTestId('delta-check').textContent).toContain('Δ +1,5\u00a0mmol/L');

    const chlore = screen.getByText('Chlore').closest('[data-line]');
    if (!(chlore instanceof HTMLElement)) throw new Error('no chlore line');
    expect(chlore.getAttribute('data-delta-breach')).toBeNull();
    expect(within(chlore).queryByText('Delta dépassé')).toBeNull();
    expect(within(chlore).getByTestId('delta-check').getAttribute('data-breach')).toBe('false');

    const sodium = screen.getByText('Sodium').closest('[data-line]');
    if (!(sodium instanceof HTMLElement)) throw new Error('no sodium line');
    expect(within(sodium).queryByTestId('delta-check')).toBeNull();
  });
});

describe("a sample's box that cannot be chosen", () => {
  it('says why beside it, not only greyed', async () => {
    render(
      <Providers>
        <SampleResultsCard
          entry={entry}
          tube={null}
          choosable={false}
          blockedReason="NCT ouverte : à clore d'abord"
          chosen={false}
          onChoose={() => undefined}
        />
      </Providers>,
    );
    const box = await screen.findByRole('checkbox');
    expect((box as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText("NCT ouverte : à clore d'abord")).toBeDefined();
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
  });
});
