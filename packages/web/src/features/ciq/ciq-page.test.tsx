// @vitest-environment jsdom
import { type CiqRun, type CiqSettingRow, emptyRights } from '@sil/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
import { CiqPage } from './ciq-page';

const MACHINE = '1a1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f';
const STAMP = '2026-01-01T08:00:00.000Z';
const setting = (id: string, level: string): CiqSettingRow => ({
  ciq_setting_id: id,
  analysis_id: '2a1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f',
  analysis_name: 'Glucose',
  parameter_id: '3a1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f',
  parameter_name: 'GLU',
  ciq_level: level,
  ciq_lot: 'L1',
  ciq_mean: 5,
  ciq_sd: 0.2,
  ciq_active: true,
  ciq_last_updated: STAMP,
});
const LOW = setting('4a1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f', '1');
const HIGH = setting('5a1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f', '2');
const run = (status: CiqRun['ciq_run_status']): CiqRun => ({
  ciq_run_id: '6a1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f',
  machine_id: MACHINE,
  ciq_run_status: status,
  ciq_run_created_at: STAMP,
  ciq_run_created_by: null,
  ciq_run_accepted_by: null,
  ciq_run_accepted_at: null,
  ciq_run_accept_reason: null,
  ciq_run_sent_at: null,
  settings: [LOW, HIGH],
  values: [],
});

const requests = setUpScreenTests({
  locale: 'en',
  rights: { ...emptyRights('internal'), validation_admin: true },
});
beforeAll(() => {
  // The reason's autosizing textarea listens to font loading, which jsdom does not have.
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });
});
beforeEach(() => {
  requests.answer('/api/get-ciq-chart', () => ({ setting: LOW, points: [] }));
});

function renderPage(current: CiqRun) {
  requests.answer('/api/get-machine-ciq', () => ({ settings: [LOW, HIGH], runs: [current] }));
  render(
    <MemoryRouter>
      <Providers>
        <CiqPage locale="en" machineId={MACHINE} />
      </Providers>
    </MemoryRouter>,
  );
}
const bodiesTo = (path: string) =>
  requests.sent.filter((request) => request.path === path).map((r) => r.body);

describe('the control run forms', () => {
  it('sends only the values typed, each with its target', async () => {
    requests.answer('/api/add-ciq-values', () => ({ ...run('passed') }));
    renderPage(run('pending'));
    const user = userEvent.setup();
    const inputs = await screen.findAllByRole('textbox', {}, { timeout: 10_000 });
    const high = inputs.find((input) => input.getAttribute('data-ciq-value') === '2');
    await user.type(high as HTMLElement, '5,4');
    await user.click(screen.getByRole('button', { name: 'Save values' }));
    await screen.findByText('Control values saved');
    expect(bodiesTo('/api/add-ciq-values')).toEqual([
      {
        ciq_run_id: run('pending').ciq_run_id,
        values: [{ ciq_setting_id: HIGH.ciq_setting_id, ciq_value: 5.4 }],
      },
    ]);
  }, 30_000);

  it("sends a rejected run's acceptance with its reason", async () => {
    requests.answer('/api/accept-ciq-run', () => ({
      ...run('accepted'),
      ciq_run_accept_reason: 'Lot changed',
    }));
    renderPage(run('rejected'));
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('textbox', { name: 'Reason for accepting' }, { timeout: 10_000 }),
      'Lot changed',
    );
    await user.click(screen.getByRole('button', { name: 'Accept the run' }));
    await screen.findByText('Control run accepted');
    expect(bodiesTo('/api/accept-ciq-run')).toEqual([
      { ciq_run_id: run('rejected').ciq_run_id, ciq_run_accept_reason: 'Lot changed' },
    ]);
  }, 30_000);
});
