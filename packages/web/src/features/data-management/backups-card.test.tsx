// @vitest-environment jsdom
import { type BackupRow, type BackupSchedule, emptyRights, type RestoreReport } from '@sil/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
import { BackupsCard } from './backups-card';

const LABORATORY = '6f1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f';
const BACKUP: BackupRow = {
  backup_id: '7a1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f',
  backup_created: '2026-01-01T08:00:00.000Z',
  backup_size: 2048,
  backup_format_version: 2,
  backup_tables: { records: 3 },
  backup_files: 0,
  backup_key_fingerprint: 'sha256:abcdef0123',
  backup_scheduled: false,
};
const SCHEDULE: BackupSchedule = {
  schedule_enabled: false,
  schedule_hour: 2,
  keep_daily: 7,
  keep_weekly: 4,
  keep_monthly: 12,
  last_run_at: null,
  last_failure_at: null,
  last_failure_code: null,
};
const REPORT: RestoreReport = {
  laboratory_id: LABORATORY,
  restore_mode: 'missing',
  restore_tables: { records: { expected: 3, written: 2, present: 1 } },
  restore_files: { expected: 0, written: 0, present: 0 },
};
const RESTORE = '/api/restore-backup';

const requests = setUpScreenTests({
  locale: 'en',
  uid: LABORATORY,
  rights: { ...emptyRights('internal'), admin_access: 3 },
});
beforeEach(() => {
  requests.answer('/api/get-backups', () => [BACKUP]);
  requests.answer('/api/get-backup-key', () => ({
    backup_key_set: true,
    backup_key_created: BACKUP.backup_created,
    backup_key_fingerprint: BACKUP.backup_key_fingerprint,
  }));
  requests.answer('/api/get-backup-schedule', () => SCHEDULE);
  requests.answer(RESTORE, () => REPORT);
});

describe('restoring a backup', () => {
  it('sends the backup with the passphrase typed and shows what came back', async () => {
    render(
      <Providers>
        <BackupsCard />
      </Providers>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restore' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore a backup' });
    await user.type(within(dialog).getByLabelText('Backup passphrase'), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await within(dialog).findByText("2 rows and 0 files put back, as the backup's manifest counted them.");
    expect(requests.sent.filter((request) => request.path === RESTORE).map((r) => r.body)).toEqual([
      { backup_id: BACKUP.backup_id, passphrase: 'correct horse battery' },
    ]);
  }, 30_000);
});

describe('a backup store that cannot be reached', () => {
  it('says so instead of showing a laboratory without backups or passphrase, and offers neither a backup nor a passphrase', async () => {
    const unreachable = () =>
      new Response(JSON.stringify({ code: 'fileStoreUnavailable' }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    requests.answer('/api/get-backups', unreachable);
    requests.answer('/api/get-backup-key', unreachable);
    render(
      <Providers>
        <BackupsCard />
      </Providers>,
    );
    await screen.findByText(
      'The backups cannot be reached right now (their store does not answer): try again in a moment.',
      undefined,
      { timeout: 10_000 },
    );
    expect(screen.queryByText('No backup yet.')).toBeNull();
    expect(screen.queryByText('No backup passphrase yet: set it to make backups.')).toBeNull();
    for (const name of ['Make a backup', 'Set the backup passphrase'])
      expect(screen.getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
  }, 30_000);
});

describe('a backup store slow to answer', () => {
  it('offers neither a backup nor a passphrase, nor says there is none, before the key is known', async () => {
    let answerKey: (state: unknown) => void = () => undefined;
    requests.answer('/api/get-backup-key', () => new Promise((resolve) => (answerKey = resolve)));
    render(
      <Providers>
        <BackupsCard />
      </Providers>,
    );
    // The list is there; the key is not yet.
    await screen.findByRole('button', { name: 'Restore' }, { timeout: 10_000 });
    const buttons = () =>
      ['Make a backup', 'Set the backup passphrase'].map((name) =>
        screen.getByRole('button', { name }).hasAttribute('disabled'),
      );
    expect(buttons()).toEqual([true, true]);
    expect(screen.queryByText('No backup passphrase yet: set it to make backups.')).toBeNull();
    answerKey({ backup_key_set: false, backup_key_created: null, backup_key_fingerprint: null });
    await screen.findByText('No backup passphrase yet: set it to make backups.');
    expect(buttons()).toEqual([false, false]);
  }, 30_000);
});
