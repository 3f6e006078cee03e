import { listBackups } from '../reads.js';
import { backupsToKeep, type RetentionPolicy } from '../retention.js';
import { type BackupDeps, descriptionOf, fileOf } from '../store.js';

/**
 * Deletes the scheduled backups the retention policy no longer keeps; those made by hand stay.
 * The description goes first, so that a listed backup always has its file.
 */
export async function pruneBackups(
  backups: BackupDeps,
  laboratoryId: string,
  policy: RetentionPolicy,
): Promise<string[]> {
  const scheduled = (await listBackups(backups, laboratoryId)).filter((row) => row.backup_scheduled);
  const keep = backupsToKeep(
    scheduled.map((row) => ({ id: row.backup_id, created: row.backup_created })),
    policy,
  );
  const pruned = scheduled.filter((row) => !keep.has(row.backup_id)).map((row) => row.backup_id);
  for (const backupId of pruned) {
    await backups.objects.remove(descriptionOf(laboratoryId, backupId));
    await backups.objects.remove(fileOf(laboratoryId, backupId));
  }
  return pruned;
}
