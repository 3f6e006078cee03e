import { randomUUID } from 'node:crypto';
import type { RestoreReport } from '@sil/contract';
import { sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage.js';
import type { Db } from '../../db/open.js';
import type { Actor } from '../../lib/auth-context.js';
import { AppError, fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { openSealed } from './envelope.js';
import { readBackup } from './format.js';
import {
  countRows,
  forgetTracesBy,
  insertJsonRows,
  laboratoryExists,
  partitionRestoredResults,
  TENANT_TABLES,
  tableShape,
} from './queries.js';

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
      // Results come back as they were, validated ones too: the results' guard lets a restore's
      // inserts through (migration 0063), and only them.
      await tx.execute(sql`select set_config('sil.action', 'restore', true)`);
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
        if (table.name === 'results') await partitionRestoredResults(tx);
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
