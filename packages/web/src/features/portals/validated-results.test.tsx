// @vitest-environment jsdom
import { emptyRights, type ValidatedResultLine } from '@sil/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { setLanguage } from '../../lib/i18n';
import { setUpScreenTests } from '../../testing/screen-tests';
import { ValidatedResults } from './validated-results';

const requests = setUpScreenTests({
  locale: 'fr',
  rights: { ...emptyRights('prescriber'), prescriber_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' },
});

const RECORD = '1c8e2d0f-7b63-4d2e-8f68-4a2b3c5d6e7f';
const ANALYSIS = '0b9f3c1e-6a52-4c1d-9e57-3f1a2b4c5d6e';

const line = (
  name: string,
  value: number,
  flags: ValidatedResultLine['result_flags'],
  previous: number | null,
) =>
  ({
    analysis_id: ANALYSIS,
    analysis_name: 'Ionogramme',
    parameter_id: crypto.randomUUID(),
    parameter_name: name,
    parameter_decimals: 1,
    result_value: value,
    result_text: null,
    result_calculated: null,
    result_censored: null,
    result_unit: 'mmol/L',
    result_range_min: 3.5,
    result_range_max: 5,
    result_flags: flags,
    anteriority:
      previous === null
        ? null
        : {
            collected_at: '2026-11-13T08:00:00.000Z',
            result_value: previous,
            result_text: null,
            result_calculated: null,
            result_censored: null,
            result_unit: 'mmol/L',
          },
  }) satisfies ValidatedResultLine;

const answerLines = (lines: ValidatedResultLine[]) =>
  requests.answer('/api/get-validated-results', (request) => {
    expect(request.url.searchParams.get('record_id')).toBe(RECORD);
    return lines;
  });

const lineOf = async (name: string) => {
  const row = (await screen.findByText(name)).closest('[data-line]');
  if (!(row instanceof HTMLElement)) throw new Error(`no line ${name}`);
  return row;
};

describe('the validated results of a record on the prescriber portal', () => {
  it('shows value, range in its unit, flag and previous value, the abnormal one highlighted', async () => {
    answerLines([line('Potassium', 5.6, ['high'], 4.1), line('Sodium', 4.2, [], null)]);
    render(
      <Providers>
        <ValidatedResults recordId={RECORD} />
      </Providers>,
    );
    const potassium = await lineOf('Potassium');
    expect(potassium.getAttribute('data-abnormal')).toBe('true');
    expect(within(potassium).getByText('5,6 mmol/L')).toBeDefined();
    expect(within(potassium).getByText('3,5 – 5,0 mmol/L')).toBeDefined();
    expect(within(potassium).getByText('Haut')).toBeDefined();
    expect(within(potassium).getByText('4,1 mmol/L le 13/11/2026')).toBeDefined();
    expect(within(potassium).getByText('Ionogramme')).toBeDefined();
    const sodium = await lineOf('Sodium');
    expect(sodium.getAttribute('data-abnormal')).toBeNull();
    // The analysis is named once, on its first line.
    expect(within(sodium).queryByText('Ionogramme')).toBeNull();
    expect(screen.getByText('1 résultat anormal')).toBeDefined();
  });

  it('says in English that no result is validated yet', async () => {
    setLanguage('en');
    answerLines([]);
    render(
      <Providers>
        <ValidatedResults recordId={RECORD} />
      </Providers>,
    );
    expect(await screen.findByText(/No validated result yet/)).toBeDefined();
  });
});
