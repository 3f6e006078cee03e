import { z } from 'zod';

/** Version of the backup file format (docs/decisions/0008-backups.md); restore refuses others. */
export const BACKUP_FORMAT_VERSION = 1;

/** A backup of one laboratory's data, as the list shows it. */
export const BackupRow = z.object({
  backup_id: z.uuid(),
  backup_created: z.string(),
  backup_size: z.number().int(),
  backup_format_version: z.number().int(),
  /** Rows per table. */
  backup_tables: z.record(z.string(), z.number().int()),
});
export type BackupRow = z.infer<typeof BackupRow>;

/** `POST /api/add-backup`: every table of the laboratory, or only those named (laboratories always). */
export const AddBackupBody = z.object({
  tables: z.array(z.string().min(1).max(60)).max(100).optional(),
});

export const BackupIdQuery = z.object({ backup_id: z.uuid() });

/** `GET /api/download-backup`: the gzipped NDJSON file, base64-encoded as the report calls answer. */
export const BackupFile = z.object({
  backup_id: z.uuid(),
  file_name: z.string(),
  content_type: z.literal('application/gzip'),
  content_base64: z.string(),
});
