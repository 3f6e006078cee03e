// @vitest-environment jsdom
import type { ImportInternalStandardLine, UnknownSampleLine } from '@sil/contract';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { loadScreenTexts } from '../../app/screen-texts';
import { loadLanguage, setLanguage } from '../../lib/i18n';
import { stubBrowserApis } from '../../testing/dom';
import { stubRequests } from '../../testing/requests';
import { InternalStandards, UnknownSamples } from './preview-tables';

const UNKNOWN: UnknownSampleLine[] = [
  { sample_ref: 'INCONNU-7', kind: 'sample', line: 3, rows: 3 },
  { sample_ref: 'NTC', kind: 'blank', line: 6, rows: 2 },
];
const STANDARDS: ImportInternalStandardLine[] = [
  {
    line: 4,
    sample_ref: '2611230023-01',
    kind: 'sample',
    instrument_code: 'THC-COOH-d3',
    istd_area: 75000.5,
    istd_retention_time: 6.41,
    istd_area_percent: 50,
  },
  {
    line: 4,
    sample_ref: 'CAL 1',
    kind: 'standard',
    instrument_code: 'THC-COOH-d3',
    istd_area: null,
    istd_retention_time: null,
    istd_area_percent: null,
  },
];

stubRequests();
beforeAll(async () => {
  stubBrowserApis();
  await loadScreenTexts();
  await loadLanguage('en');
});
afterEach(cleanup);

/** The text of each row's cells, in the one table shown; the header row has none. */
const cells = () =>
  screen
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    )
    .filter((row) => row.length > 0);

describe.each([
  ['fr', ['Échantillon', 'Blanc'], ['75\u202f000,5', '6,41', '50\u00a0%'], 'Étalon'],
  ['en', ['Sample', 'Blank'], ['75,000.5', '6.41', '50%'], 'Calibrator'],
] as const)('the import screen in %s', (locale, kinds, numbers, calibrator) => {
  const show = (content: React.ReactNode) => {
    act(() => setLanguage(locale));
    return render(<Providers>{content}</Providers>);
  };

  it('lists each unknown sample id once per kind of row, with its first line and rows', () => {
    show(<UnknownSamples rows={UNKNOWN} />);
    expect(cells()).toEqual([
      ['INCONNU-7', kinds[0], '3', '3'],
      ['NTC', kinds[1], '6', '2'],
    ]);
  });

  it("shows each injection's internal standard: area, retention time and % of the calibrators", () => {
    show(<InternalStandards rows={STANDARDS} />);
    const [sample, standard] = cells();
    expect(sample?.slice(4)).toEqual(numbers);
    expect(standard).toEqual(['4', 'CAL 1', calibrator, 'THC-COOH-d3', '—', '—', '—']);
  });
});
