// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { SampleSteps } from '../../components/sample-steps';
import { CellValue } from '../../lib/table/cell-value';
import { aSample } from '../../testing/rows';
import { setUpScreenTests } from '../../testing/screen-tests';

setUpScreenTests({ locale: 'fr', uid: '0b7f1c1e-8a2b-4c3d-9e4f-0a1b2c3d4e5f' });

describe('a sample’s progress', () => {
  it('tells each step taken with who and when, in the order of the bench, and nothing before the first', async () => {
    const { container } = render(
      <Providers>
        <SampleSteps
          sample={{
            ...aSample({
              sample_prepared_at: '2026-11-23T07:05:00.000Z',
              sample_removed_at: '2026-11-23T09:40:00.000Z',
            }),
            sample_removed_by_name: 'Camille Technicienne',
          }}
        />
        <SampleSteps sample={aSample()} />
      </Providers>,
    );
    const first = await screen.findByText(/^Préparé le/, {}, { timeout: 10_000 });
    expect(first.textContent).toBe('Préparé le 23/11/2026 08:05');
    const lines = [...container.querySelectorAll('[data-step]')].map((line) =>
      line.getAttribute('data-step'),
    );
    expect(lines).toEqual(['prepared', 'removed']);
    // Who took it, when the record names them; a step of an unnamed author keeps its date alone.
    expect(container.querySelector('[data-step="removed"]')?.textContent).toBe(
      'Retiré par Camille Technicienne le 23/11/2026 10:40',
    );
    expect(container.querySelectorAll('[data-testid="sample-steps"]')).toHaveLength(1);
  }, 20_000);

  it('shows in the samples list who took each step and when, and a dash for a sample that took none', async () => {
    const { container } = render(
      <Providers>
        <CellValue
          format="sampleSteps"
          value={[
            { step: 'removed', at: '2026-11-23T09:40:00.000Z', by: 'Camille Durand (technicienne)' },
            { step: 'validated', at: '2026-11-23T11:02:00.000Z', by: null },
          ]}
        />
        <CellValue format="sampleSteps" value={[]} />
      </Providers>,
    );
    const removed = await screen.findByText(/^Retiré par/, {}, { timeout: 10_000 });
    expect(removed.textContent).toBe('Retiré par Camille Durand (technicienne) le 23/11/2026 10:40');
    expect(container.querySelector('[data-step="validated"]')?.textContent).toBe(
      'Validé le 23/11/2026 12:02',
    );
    expect(container.querySelectorAll('[data-testid="sample-steps"]')).toHaveLength(1);
    expect(screen.getByText('—')).toBeTruthy();
  }, 20_000);

  it('shows the samples list’s results entered out of expected, and nothing when none is expected', async () => {
    const { container } = render(
      <Providers>
        <CellValue format="resultsProgress" value={{ entered: 3, expected: 6 }} />
        <CellValue format="resultsProgress" value={{ entered: 0, expected: 0 }} />
      </Providers>,
    );
    const badge = await screen.findByText('résultats 3/6', {}, { timeout: 10_000 });
    expect(badge.closest('[data-mark]')?.getAttribute('data-mark')).toBe('results-progress');
    expect(container.querySelectorAll('[data-mark="results-progress"]')).toHaveLength(1);
  }, 20_000);
});
