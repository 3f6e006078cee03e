import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { BACKUP_FORMAT_VERSION, type BackupKeyState, BackupRow, type RestoreReport } from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage.js';
import type { Db } from '../../db/open.js';
import { uploads } from '../../db/schema/index.js';
import type { Actor } from '../../lib/auth-context.js';
import { AppError, fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { type BackupKey, backupKeyFrom, openSealed, openWithContentKey, seal } from './envelope.js';
import { type Manifest, readBackup, type TableDump, writeBackup } from './format.js';
import {
  countRows,
  dumpRows,
  forgetTracesBy,
  insertJsonRows,
  laboratoryExists,
  TENANT_TABLES,
  type TenantTable,
  tableShape,
} from './queries.js';
import { backupsToKeep, type RetentionPolicy } from './retention.js';

/** The tables to back up: all, or those named; the laboratory's own row always, else nothing restores. */
function chooseTables(names: string[] | undefined): TenantTable[] {
  if (names === undefined) return TENANT_TABLES;
  const unknown = names.filter((name) => !TENANT_TABLES.some((t) => t.name === name));
  if (unknown.length > 0) fail('invalidOption', { field: 'tables', values: unknown });
  if (names.length === 0) fail('noTablesToBackup');
  return TENANT_TABLES.filter((t) => t.name === 'laboratories' || names.includes(t.name));
}

/**
 * One laboratory's data as a file: its rows of every table and the stored files its uploads point
 * at. The rows are read in one repeatable-read transaction (a consistent picture while the
 * laboratory keeps working); the files after it, since a stored file never changes once written.
 */
export async function dumpLaboratory(
  db: Db,
  storage: FileStorage,
  laboratoryId: string,
  tableNames?: string[],
  createdAt: Date = new Date(),
) {
  const chosen = chooseTables(tableNames);
  const { tables, keys } = await db.transaction(
    async (tx) => {
      const tables: TableDump[] = [];
      for (const table of chosen) {
        const { columns } = await tableShape(tx, table.name);
        tables.push({ name: table.name, columns, rows: await dumpRows(tx, table, laboratoryId) });
      }
      const keys = chosen.some((t) => t.table === uploads)
        ? (
            await tx
              .select({ key: uploads.upload_storage_key })
              .from(uploads)
              .where(eq(uploads.laboratory_id, laboratoryId))
              .orderBy(uploads.upload_storage_key)
          ).map((row) => row.key)
        : [];
      return { tables, keys };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const files: Array<{ key: string; bytes: Buffer }> = [];
  const missing: string[] = [];
  for (const key of keys) {
    const bytes = await storage.get(key).catch(() => null);
    if (bytes) files.push({ key, bytes });
    else missing.push(key);
  }
  // A backup that silently lacks a scan is the failure this format exists to prevent.
  if (missing.length > 0) fail('backupVerificationFailed', { reason: 'storedFilesMissing', files: missing });
  return writeBackup(laboratoryId, tables, files, createdAt);
}

/** A database refusal during a restore, told by table and constraint: its message may quote a row. */
function refusal(error: unknown, table: string): never {
  if (error instanceof AppError) throw error;
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return fail('invalidOperation', {
    reason: 'restoreRefused',
    table,
    ...(typeof code === 'string' ? { sqlstate: code } : {}),
    ...(typeof constraint === 'string' ? { constraint } : {}),
  });
}

export interface RestoreOptions {
  /** The backup passphrase: the file is opened with it before anything else. */
  passphrase: string;
  /** Who restores (the administrator of the API call); the operator's command acts as itself. */
  actor?: Actor;
  /** The laboratory the backup must belong to (the caller's, from the API). */
  laboratoryId?: string;
}

/**
 * Restores a backup, all or nothing. Into an installation without the laboratory (a fresh one, or
 * one that lost it): every row, and the backed-up audit trail instead of the restore's own traces.
 * Into the laboratory still there (it lost rows): the rows whose primary key is absent, traced as
 * the restorer's inserts, the rows present left as they are. The files are staged first and put in
 * place after the rows' commit; the answer compares the manifest's counts with what was written.
 */
export async function restoreLaboratory(
  db: Db,
  storage: FileStorage,
  bytes: Buffer,
  options: RestoreOptions,
): Promise<RestoreReport> {
  const { manifest, rows, files } = readBackup(await openSealed(bytes, options.passphrase));
  const laboratoryId = manifest.laboratory_id;
  if (options.laboratoryId !== undefined && options.laboratoryId !== laboratoryId)
    fail('invalidOperation', { reason: 'otherLaboratory' });
  const known = new Set(TENANT_TABLES.map((t) => t.name));
  const unknown = Object.keys(manifest.tables).filter((name) => !known.has(name));
  if (unknown.length > 0) fail('invalidImportFile', { reason: 'unknownTables', tables: unknown });

  const staged = await storage.stage([...files].map(([key, fileBytes]) => ({ key, bytes: fileBytes })));
  const actor = options.actor ?? { uid: `restore:${randomUUID()}`, laboratoryId };
  let report: RestoreReport;
  try {
    report = await writeTransaction(db, actor, async (tx) => {
      const fresh = !(await laboratoryExists(tx, laboratoryId));
      const tables: RestoreReport['restore_tables'] = {};
      for (const table of TENANT_TABLES) {
        const part = manifest.tables[table.name];
        if (!part) continue;
        const tableRows = rows.get(table.name) ?? [];
        if (table.name === 'audit_trail' && !fresh) {
          // The laboratory's own trail is still there and keeps the history, the restorer's
          // inserts included: the backed-up entries are not written twice.
          tables[table.name] = { expected: part.rows, written: 0, present: part.rows };
          continue;
        }
        if (table.name === 'audit_trail') await forgetTracesBy(tx, actor.uid);
        const shape = await tableShape(tx, table.name);
        const extra = part.columns.filter((column) => !shape.columns.includes(column));
        if (extra.length > 0)
          fail('invalidImportFile', { reason: 'unknownColumns', table: table.name, columns: extra });
        const written = await insertJsonRows(tx, table.name, shape, part.columns, tableRows, !fresh).catch(
          (error: unknown) => refusal(error, table.name),
        );
        tables[table.name] = { expected: part.rows, written, present: part.rows - written };
        // Into a fresh installation the table now holds exactly the backup's rows, or nothing is kept.
        if (fresh && (written !== part.rows || (await countRows(tx, table.name, laboratoryId)) !== part.rows))
          fail('backupVerificationFailed', { reason: 'countMismatch', table: table.name });
      }
      return {
        laboratory_id: laboratoryId,
        restore_mode: fresh ? 'fresh' : 'missing',
        restore_tables: tables,
        restore_files: { expected: manifest.files.length, written: 0, present: 0 },
      } satisfies RestoreReport;
    });
  } catch (error) {
    await staged.discard();
    throw error;
  }
  await staged.commit();
  // The files read back from the store, as a reader will get them.
  let written = 0;
  for (const file of manifest.files) {
    const stored = await storage.get(file.key).catch(() => null);
    if (stored?.equals(files.get(file.key) ?? Buffer.alloc(0))) written += 1;
  }
  report.restore_files = { expected: manifest.files.length, written, present: 0 };
  if (written !== manifest.files.length) fail('backupVerificationFailed', { reason: 'filesNotStored' });
  return report;
}

/** A short hash of a backup key's public half: the same passphrase shows the same fingerprint. */
const fingerprintOf = (key: BackupKey) =>
  (createHash('sha256').update(key.public_key).digest('hex').slice(0, 16).match(/..../g) ?? []).join('-');

const listed = (
  backupId: string,
  manifest: Manifest,
  size: number,
  key: BackupKey,
  scheduled: boolean,
): BackupRow => ({
  backup_id: backupId,
  backup_created: manifest.created_at,
  backup_size: size,
  backup_format_version: manifest.version,
  backup_tables: Object.fromEntries(Object.entries(manifest.tables).map(([name, part]) => [name, part.rows])),
  backup_files: manifest.files.length,
  backup_key_fingerprint: fingerprintOf(key),
  backup_scheduled: scheduled,
});

/** Backups kept as files, one folder per laboratory, each file with a small description beside it. */
export function createBackupService(db: Db, dir: string, storage: FileStorage) {
  const folderOf = (laboratoryId: string) => path.join(dir, laboratoryId);
  const fileOf = (laboratoryId: string, backupId: string) =>
    path.join(folderOf(laboratoryId), `${backupId}.sil-backup`);
  /** The laboratory's backup key (its public half), beside its backups. */
  const keyFileOf = (laboratoryId: string) => path.join(folderOf(laboratoryId), 'backup-key');
  const readKey = async (laboratoryId: string): Promise<BackupKey | null> =>
    JSON.parse(await readFile(keyFileOf(laboratoryId), 'utf8').catch(() => 'null'));
  const keyState = (key: BackupKey | null): BackupKeyState => ({
    backup_key_set: key !== null,
    backup_key_created: key?.created_at ?? null,
    backup_key_fingerprint: key ? fingerprintOf(key) : null,
  });
  /**
   * A backup's description, when it describes a backup this version restores: those of format 1
   * (before the files, the binary columns and the encryption) are left in the folder, not listed.
   */
  const readRow = async (laboratoryId: string, backupId: string): Promise<BackupRow | null> => {
    try {
      const text = await readFile(path.join(folderOf(laboratoryId), `${backupId}.json`), 'utf8');
      const row = BackupRow.safeParse(JSON.parse(text));
      return row.success && row.data.backup_format_version === BACKUP_FORMAT_VERSION ? row.data : null;
    } catch {
      return null;
    }
  };

  const service = {
    /**
     * Makes a backup and reads it back from the disk (decompressed, parsed, every part counted and
     * hashed against the manifest) before listing it: a backup that cannot be read is an error.
     */
    async create(
      laboratoryId: string,
      tables?: string[],
      made: { at?: Date; scheduled?: boolean } = {},
    ): Promise<BackupRow> {
      const key = (await readKey(laboratoryId)) ?? fail('backupKeyMissing');
      const dumped = await dumpLaboratory(db, storage, laboratoryId, tables, made.at);
      const manifest = dumped.manifest;
      const { bytes, contentKey } = seal(dumped.bytes, key);
      const backupId = randomUUID();
      const folder = folderOf(laboratoryId);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const partial = path.join(folder, `${backupId}.partial`);
      await writeFile(partial, bytes, { mode: 0o600, flag: 'wx' });
      try {
        // Read back as a restore will: decrypted, decompressed, every part counted and hashed.
        const reread = readBackup(openWithContentKey(await readFile(partial), contentKey));
        if (!isDeepStrictEqual(reread.manifest, manifest))
          fail('backupVerificationFailed', { reason: 'manifest' });
      } catch (error) {
        await rm(partial, { force: true });
        if (error instanceof AppError && error.code === 'backupVerificationFailed') throw error;
        return fail('backupVerificationFailed', {
          reason: error instanceof AppError ? error.code : 'unreadable',
        });
      }
      // The file first, complete: a description only ever points at a verified file.
      await rename(partial, fileOf(laboratoryId, backupId));
      const row = listed(backupId, manifest, bytes.length, key, made.scheduled ?? false);
      await writeFile(path.join(folder, `${backupId}.json`), JSON.stringify(row), { mode: 0o600 });
      return row;
    },

    async list(laboratoryId: string): Promise<BackupRow[]> {
      const names = await readdir(folderOf(laboratoryId)).catch(() => [] as string[]);
      const rows = await Promise.all(
        names
          .filter((name) => /^[0-9a-f-]{36}\.json$/.test(name))
          .map((name) => readRow(laboratoryId, name.slice(0, -5))),
      );
      return rows
        .filter((row): row is BackupRow => row !== null)
        .sort((a, b) => b.backup_created.localeCompare(a.backup_created));
    },

    async file(laboratoryId: string, backupId: string) {
      const row = (await readRow(laboratoryId, backupId)) ?? fail('backupNotFound');
      const bytes = await readFile(fileOf(laboratoryId, row.backup_id)).catch(() => fail('backupNotFound'));
      return { fileName: `sil-backup-${row.backup_created.slice(0, 10)}-${row.backup_id}.sil-backup`, bytes };
    },

    /** Puts back into the caller's laboratory what it lost, from one of its backups. */
    async restore(
      actor: Actor & { laboratoryId: string },
      backupId: string,
      passphrase: string,
    ): Promise<RestoreReport> {
      const { bytes } = await service.file(actor.laboratoryId, backupId);
      return restoreLaboratory(db, storage, bytes, { actor, laboratoryId: actor.laboratoryId, passphrase });
    },

    keyState: async (laboratoryId: string) => keyState(await readKey(laboratoryId)),

    /**
     * Deletes the scheduled backups the retention policy no longer keeps; those made by hand stay.
     * The description goes first, so that a listed backup always has its file.
     */
    async prune(laboratoryId: string, policy: RetentionPolicy): Promise<string[]> {
      const scheduled = (await service.list(laboratoryId)).filter((row) => row.backup_scheduled);
      const keep = backupsToKeep(
        scheduled.map((row) => ({ id: row.backup_id, created: row.backup_created })),
        policy,
      );
      const pruned = scheduled.filter((row) => !keep.has(row.backup_id)).map((row) => row.backup_id);
      for (const backupId of pruned) {
        await rm(path.join(folderOf(laboratoryId), `${backupId}.json`), { force: true });
        await rm(fileOf(laboratoryId, backupId), { force: true });
      }
      return pruned;
    },

    /**
     * Sets the passphrase of the backups made from now on. Only the public half of the key it
     * derives is kept; earlier backups still open with the passphrase they were made with.
     */
    async setPassphrase(laboratoryId: string, passphrase: string): Promise<BackupKeyState> {
      const key = await backupKeyFrom(passphrase);
      await mkdir(folderOf(laboratoryId), { recursive: true, mode: 0o700 });
      const aside = `${keyFileOf(laboratoryId)}.${randomUUID()}`;
      await writeFile(aside, JSON.stringify(key), { mode: 0o600, flag: 'wx' });
      await rename(aside, keyFileOf(laboratoryId));
      return keyState(key);
    },
  };
  return service;
}

export type BackupService = ReturnType<typeof createBackupService>;
