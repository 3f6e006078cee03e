import { eq } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage.js';
import type { Db } from '../../db/open.js';
import { uploads } from '../../db/schema/index.js';
import { fail } from '../../lib/errors.js';
import { type TableDump, writeBackup } from './format.js';
import { dumpRows, TENANT_TABLES, type TenantTable, tableShape } from './queries.js';

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
