import type { BackupSchedule } from '@sil/contract';
import { backupSchedules } from '../../../db/schema/backups.js';
import type { Actor } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { backupKeyState } from '../reads.js';
import { scheduleAnswer } from '../schedule-row.js';
import type { BackupDeps } from '../store.js';

/** The administrator's schedule; turning it on needs the backup passphrase set. */
export async function setBackupSchedule(
  backups: BackupDeps,
  actor: Actor & { laboratoryId: string },
  settings: Omit<BackupSchedule, `last_${string}`>,
): Promise<BackupSchedule> {
  if (settings.schedule_enabled && !(await backupKeyState(backups, actor.laboratoryId)).backup_key_set)
    fail('backupKeyMissing');
  const values = { laboratory_id: actor.laboratoryId, ...settings };
  const [row] = await writeTransaction(backups.db, actor, (tx) =>
    tx
      .insert(backupSchedules)
      .values(values)
      .onConflictDoUpdate({ target: backupSchedules.laboratory_id, set: settings })
      .returning(),
  );
  return scheduleAnswer(row);
}
