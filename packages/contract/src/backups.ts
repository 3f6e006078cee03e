import { z } from 'zod';

/**
 * Version of the backup file format (docs/decisions/0008-backups.md); restore refuses others.
 * 2: rows as the database's JSON (binary columns included), the stored files, a manifest of
 * counts and SHA-256 per part.
 */
export const BACKUP_FORMAT_VERSION = 2;

/** A backup of one laboratory's data, as the list shows it. */
export const BackupRow = z.object({
  backup_id: z.uuid(),
  backup_created: z.string(),
  backup_size: z.number().int(),
  backup_format_version: z.number().int(),
  /** Rows per table. */
  backup_tables: z.record(z.string(), z.number().int()),
  /** Stored files (uploads) carried by the backup. */
  backup_files: z.number().int(),
  /** The fingerprint of the key it is encrypted with: the passphrase that opens it. */
  backup_key_fingerprint: z.string(),
  /** Made by the daily schedule: those the retention policy prunes (one made by hand stays). */
  backup_scheduled: z.boolean().default(false),
});
export type BackupRow = z.infer<typeof BackupRow>;

/** `POST /api/add-backup`: every table of the laboratory, or only those named (laboratories always). */
export const AddBackupBody = z.object({
  tables: z.array(z.string().min(1).max(60)).max(100).optional(),
});

export const BackupIdQuery = z.object({ backup_id: z.uuid() });

/** `GET /api/download-backup`: the encrypted file, base64-encoded as the report calls answer. */
export const BackupFile = z.object({
  backup_id: z.uuid(),
  file_name: z.string(),
  content_type: z.literal('application/octet-stream'),
  content_base64: z.string(),
});

/**
 * The backup passphrase the administrator sets: backups are encrypted with a key it derives, and
 * the server keeps only the public half (docs/decisions/0008-backups.md). Long, since it guards
 * every backup and cannot be throttled once a file is stolen.
 */
export const BackupPassphrase = z.string().min(12).max(200);

/** `PUT /api/set-backup-passphrase`: the passphrase for the backups made from now on. */
export const SetBackupPassphraseBody = z.object({ passphrase: BackupPassphrase });

/** `GET /api/get-backup-key`: whether a passphrase is set, since when, and its key's fingerprint. */
export const BackupKeyState = z.object({
  backup_key_set: z.boolean(),
  backup_key_created: z.string().nullable(),
  /** A short hash of the public key, to tell two passphrases apart without showing either. */
  backup_key_fingerprint: z.string().nullable(),
});
export type BackupKeyState = z.infer<typeof BackupKeyState>;

/** `POST /api/restore-backup`: one of the laboratory's backups, opened with its passphrase. */
export const RestoreBackupBody = z.object({ backup_id: z.uuid(), passphrase: z.string().min(1).max(200) });

/** Per part, what the manifest announced beside what the restore wrote or found already there. */
export const RestoreCount = z.object({
  /** In the backup (the manifest's count, checked against the file). */
  expected: z.number().int(),
  /** Written by this restore. */
  written: z.number().int(),
  /** Already there and left as they were (a restore into the laboratory that lost rows). */
  present: z.number().int(),
});

export const RestoreReport = z.object({
  laboratory_id: z.uuid(),
  /** `fresh`: the laboratory was absent, everything written; `missing`: only what it had lost. */
  restore_mode: z.enum(['fresh', 'missing']),
  restore_tables: z.record(z.string(), RestoreCount),
  restore_files: RestoreCount,
});
export type RestoreReport = z.infer<typeof RestoreReport>;

/** The daily schedule and its retention (`PUT /api/set-backup-schedule`), in the laboratory's (Paris) time. */
export const SetBackupScheduleBody = z.object({
  schedule_enabled: z.boolean(),
  /** From this hour on (0–23, Paris time), the day's backup is due. */
  schedule_hour: z.number().int().min(0).max(23),
  keep_daily: z.number().int().min(0).max(366),
  keep_weekly: z.number().int().min(0).max(520),
  keep_monthly: z.number().int().min(0).max(240),
});

/** `GET /api/get-backup-schedule`: the schedule and how its last run went. */
export const BackupSchedule = SetBackupScheduleBody.extend({
  last_run_at: z.string().nullable(),
  /** The last scheduled run failed (and none succeeded since): when, and the catalogue code. */
  last_failure_at: z.string().nullable(),
  last_failure_code: z.string().nullable(),
});
export type BackupSchedule = z.infer<typeof BackupSchedule>;
