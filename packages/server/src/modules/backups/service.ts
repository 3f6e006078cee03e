import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { BACKUP_FORMAT_VERSION, type BackupRow } from '@sil/contract';
import type { Db } from '../../db/open.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import {
  forgetTracesBy,
  insertRows,
  laboratoryExists,
  laboratoryRows,
  type Row,
  TENANT_TABLES,
  type TenantTable,
} from './queries.js';

const FORMAT = 'sil-backup';

interface Header {
  format: typeof FORMAT;
  version: number;
  laboratory_id: string;
  created_at: string;
  tables: Record<string, number>;
}

/** The tables to back up: all, or those named; the laboratory's own row always, else nothing restores. */
function chooseTables(names: string[] | undefined): TenantTable[] {
  if (names === undefined) return TENANT_TABLES;
  const unknown = names.filter((name) => !TENANT_TABLES.some((t) => t.name === name));
  if (unknown.length > 0) fail('invalidOption', { field: 'tables', values: unknown });
  if (names.length === 0) fail('noTablesToBackup');
  return TENANT_TABLES.filter((t) => t.name === 'laboratories' || names.includes(t.name));
}

/**
 * One laboratory's data as a file: a header line, then one JSON line per row (`{ t, r }`), gzipped.
 * Read in one repeatable-read transaction, so that the file is a consistent picture.
 */
export async function dumpLaboratory(db: Db, laboratoryId: string, tableNames?: string[]) {
  const chosen = chooseTables(tableNames);
  const read = await db.transaction(
    async (tx) => {
      const out: Array<[TenantTable, Row[]]> = [];
      for (const table of chosen) out.push([table, await laboratoryRows(tx, table, laboratoryId)]);
      return out;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const header: Header = {
    format: FORMAT,
    version: BACKUP_FORMAT_VERSION,
    laboratory_id: laboratoryId,
    created_at: new Date().toISOString(),
    tables: Object.fromEntries(read.map(([table, rows]) => [table.name, rows.length])),
  };
  const lines = [JSON.stringify(header)];
  for (const [table, rows] of read)
    for (const row of rows) lines.push(JSON.stringify({ t: table.name, r: row }));
  return { header, bytes: gzipSync(`${lines.join('\n')}\n`) };
}

function parseBackup(bytes: Buffer): { header: Header; rows: Map<string, Row[]> } {
  let lines: string[];
  try {
    lines = gunzipSync(bytes).toString('utf8').split('\n').filter(Boolean);
  } catch {
    return fail('invalidImportFile', { reason: 'notGzip' });
  }
  const parsed = lines.map((line, index) => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      return fail('invalidImportFile', { line: index + 1 });
    }
  });
  const header = parsed[0] as Header | undefined;
  if (header?.format !== FORMAT || header.version !== BACKUP_FORMAT_VERSION)
    return fail('invalidImportFile', { reason: 'notABackup', expected_version: BACKUP_FORMAT_VERSION });
  const rows = new Map<string, Row[]>();
  for (const [index, line] of parsed.slice(1).entries()) {
    const name = String(line.t);
    if (!TENANT_TABLES.some((t) => t.name === name))
      fail('invalidImportFile', { line: index + 2, table: name });
    rows.set(name, [...(rows.get(name) ?? []), line.r as Row]);
  }
  return { header, rows };
}

/**
 * Restores a backup into an instance that does not hold that laboratory yet (a fresh one), all or
 * nothing. The inserts leave trace entries like any write; they are replaced by the backed-up
 * trail, so that the restored audit trail is the original one.
 */
export async function restoreLaboratory(db: Db, bytes: Buffer) {
  const { header, rows } = parseBackup(bytes);
  const actor = `restore:${randomUUID()}`;
  await writeTransaction(db, { uid: actor, laboratoryId: header.laboratory_id }, async (tx) => {
    if (await laboratoryExists(tx, header.laboratory_id))
      fail('invalidOperation', { reason: 'laboratoryExists', laboratory_id: header.laboratory_id });
    for (const table of TENANT_TABLES) {
      if (table.name === 'audit_trail') await forgetTracesBy(tx, actor);
      await insertRows(tx, table, rows.get(table.name) ?? []);
    }
  });
  return { laboratory_id: header.laboratory_id, tables: header.tables };
}

/** Backups kept as files, one folder per laboratory, each file with a small description beside it. */
export function createBackupService(db: Db, dir: string) {
  const folderOf = (laboratoryId: string) => path.join(dir, laboratoryId);
  const readRow = async (laboratoryId: string, backupId: string): Promise<BackupRow | null> => {
    try {
      return JSON.parse(await readFile(path.join(folderOf(laboratoryId), `${backupId}.json`), 'utf8'));
    } catch {
      return null;
    }
  };

  return {
    async create(laboratoryId: string, tables?: string[]): Promise<BackupRow> {
      const { header, bytes } = await dumpLaboratory(db, laboratoryId, tables);
      const row: BackupRow = {
        backup_id: randomUUID(),
        backup_created: header.created_at,
        backup_size: bytes.length,
        backup_format_version: header.version,
        backup_tables: header.tables,
      };
      const folder = folderOf(laboratoryId);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      // The file first: a description only ever points at a complete file.
      await writeFile(path.join(folder, `${row.backup_id}.ndjson.gz`), bytes, { mode: 0o600, flag: 'wx' });
      await writeFile(path.join(folder, `${row.backup_id}.json`), JSON.stringify(row), { mode: 0o600 });
      return row;
    },

    async list(laboratoryId: string): Promise<BackupRow[]> {
      const names = await readdir(folderOf(laboratoryId)).catch(() => [] as string[]);
      const rows = await Promise.all(
        names
          .filter((name) => name.endsWith('.json'))
          .map((name) => readRow(laboratoryId, name.slice(0, -5))),
      );
      return rows
        .filter((row): row is BackupRow => row !== null)
        .sort((a, b) => b.backup_created.localeCompare(a.backup_created));
    },

    async file(laboratoryId: string, backupId: string) {
      const row = (await readRow(laboratoryId, backupId)) ?? fail('backupNotFound');
      const bytes = await readFile(path.join(folderOf(laboratoryId), `${row.backup_id}.ndjson.gz`)).catch(
        () => fail('backupNotFound'),
      );
      return { fileName: `sil-backup-${row.backup_created.slice(0, 10)}-${row.backup_id}.ndjson.gz`, bytes };
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
