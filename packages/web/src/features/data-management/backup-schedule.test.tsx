// @vitest-environment jsdom
import { type BackupSchedule, emptyRights } from '@sil/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { loadScreenTexts } from '../../app/screen-texts';
import { saveRights, saveTokens } from '../../lib/session';
import { stubBrowserApis } from '../../testing/dom';
import { stubRequests } from '../../testing/requests';
import { BackupScheduleSettings } from './backup-schedule';

const SAVED: BackupSchedule = {
  schedule_enabled: true,
  schedule_hour: 2,
  keep_daily: 7,
  keep_weekly: 4,
  keep_monthly: 12,
  last_run_at: null,
  last_failure_at: null,
  last_failure_code: null,
};
const SET = '/api/set-backup-schedule';

const requests = stubRequests();
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
  saveRights({ ...emptyRights('internal'), admin_access: 3 });
  requests.answer('/api/get-backup-schedule', () => SAVED);
  requests.answer(SET, ({ body }) => ({ ...SAVED, ...(body as object) }));
});
afterEach(cleanup);

const sentSchedules = () => requests.sent.filter((request) => request.path === SET).map((r) => r.body);

describe('the backup schedule', () => {
  it('flags an emptied count instead of sending it as 0, then sends the schedule as typed', async () => {
    render(
      <Providers>
        <BackupScheduleSettings />
      </Providers>,
    );
    const user = userEvent.setup();
    const daily = await screen.findByRole('textbox', { name: 'Daily kept' }, { timeout: 10_000 });
    await user.clear(daily);
    await user.click(screen.getByRole('button', { name: 'Save the schedule' }));
    await screen.findByText('Invalid value');
    expect(sentSchedules()).toEqual([]);

    await user.type(daily, '14');
    await user.click(screen.getByRole('switch', { name: 'A backup every day' }));
    await user.click(screen.getByRole('button', { name: 'Save the schedule' }));
    await screen.findByText('Backup schedule saved');
    expect(sentSchedules()).toEqual([
      { schedule_enabled: false, schedule_hour: 2, keep_daily: 14, keep_weekly: 4, keep_monthly: 12 },
    ]);
  }, 30_000);
});
