// @vitest-environment jsdom
import { type BackupSchedule, emptyRights } from '@sil/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
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

const requests = setUpScreenTests({ locale: 'en', rights: { ...emptyRights('internal'), admin_access: 3 } });
beforeEach(() => {
  requests.answer('/api/get-backup-schedule', () => SAVED);
  requests.answer(SET, ({ body }) => ({ ...SAVED, ...(body as object) }));
});

const sentSchedules = () => requests.sent.filter((request) => request.path === SET).map((r) => r.body);

describe('the backup schedule', () => {
  it('flags an emptied count as required instead of sending it as 0, then sends the schedule as typed', async () => {
    render(
      <Providers>
        <BackupScheduleSettings />
      </Providers>,
    );
    const user = userEvent.setup();
    const daily = await screen.findByRole('textbox', { name: 'Daily kept' }, { timeout: 10_000 });
    await user.clear(daily);
    await user.click(screen.getByRole('button', { name: 'Save the schedule' }));
    await screen.findByText('This field is required');
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
