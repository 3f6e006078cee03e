import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { BACKUP_FORMAT_VERSION } from '@sil/contract';
import { isStorageKey } from '../../adapters/storage.js';
import { fail } from '../../lib/errors.js';

/**
 * The backup file (docs/decisions/0008-backups.md): gzipped NDJSON, the manifest first, then one
 * line per row `{"t":table,"r":row}` (the row as the database's own `to_jsonb` wrote it, kept as
 * text so that no value goes through a JavaScript number or string conversion), then one line per
 * stored file `{"f":key,"b":base64}`. The manifest gives each part's count and SHA-256.
 */
export const BACKUP_FORMAT = 'sil-backup';

export interface TablePart {
  rows: number;
  /** The columns the rows carry: a restore writes those and lets the others take their defaults. */
  columns: string[];
  sha256: string;
}

export interface FilePart {
  key: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  laboratory_id: string;
  created_at: string;
  /** Tables in restore order (parents first), the audit trail last. */
  tables: Record<string, TablePart>;
  files: FilePart[];
}

export interface BackupContent {
  manifest: Manifest;
  /** Each table's rows, as JSON text. */
  rows: Map<string, string[]>;
  files: Map<string, Buffer>;
}

export interface TableDump {
  name: string;
  columns: string[];
  rows: string[];
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
/** A table's part is its rows' text, each ended by a newline, in the order written. */
const tableDigest = (rows: readonly string[]) => {
  const hash = createHash('sha256');
  for (const row of rows) hash.update(row).update('\n');
  return hash.digest('hex');
};
const rowPrefix = (table: string) => `{"t":${JSON.stringify(table)},"r":`;

export function writeBackup(
  laboratoryId: string,
  tables: readonly TableDump[],
  files: ReadonlyArray<{ key: string; bytes: Buffer }>,
  createdAt: Date = new Date(),
): { manifest: Manifest; bytes: Buffer } {
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    laboratory_id: laboratoryId,
    created_at: createdAt.toISOString(),
    tables: Object.fromEntries(
      tables.map((t) => [t.name, { rows: t.rows.length, columns: t.columns, sha256: tableDigest(t.rows) }]),
    ),
    files: files.map(({ key, bytes }) => ({ key, size: bytes.length, sha256: sha256(bytes) })),
  };
  const lines = [JSON.stringify(manifest)];
  for (const table of tables) for (const row of table.rows) lines.push(`${rowPrefix(table.name)}${row}}`);
  for (const { key, bytes } of files) lines.push(JSON.stringify({ f: key, b: bytes.toString('base64') }));
  return { manifest, bytes: gzipSync(`${lines.join('\n')}\n`) };
}

/** A damaged file: its details name the part, never a row's content (they reach logs and screens). */
const damaged = (details: Record<string, unknown>): never => fail('backupDamaged', details);

function parseLine(line: string, number: number): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {
    // Reported below with the line number alone.
  }
  return damaged({ reason: 'unreadableLine', line: number });
}

function checkManifest(value: Record<string, unknown>): Manifest {
  if (value.format !== BACKUP_FORMAT || value.version !== BACKUP_FORMAT_VERSION)
    fail('invalidImportFile', { reason: 'notABackup', expected_version: BACKUP_FORMAT_VERSION });
  const manifest = value as unknown as Manifest;
  const wellFormed =
    typeof manifest.laboratory_id === 'string' &&
    typeof manifest.tables === 'object' &&
    manifest.tables !== null &&
    Object.values(manifest.tables).every(
      (part) =>
        Number.isInteger(part?.rows) &&
        Array.isArray(part.columns) &&
        part.columns.every((column) => typeof column === 'string') &&
        typeof part.sha256 === 'string',
    ) &&
    Array.isArray(manifest.files) &&
    manifest.files.every(
      (file) =>
        isStorageKey(String(file?.key)) && Number.isInteger(file.size) && typeof file.sha256 === 'string',
    );
  if (!wellFormed) damaged({ reason: 'manifest' });
  return manifest;
}

/**
 * Reads a backup and checks every part against its manifest: each table's rows counted and hashed,
 * each file's size and hash. Anything that does not match is `backupDamaged` (a tampered or
 * truncated file), before anything is written anywhere.
 */
export function readBackup(bytes: Buffer): BackupContent {
  let text: string;
  try {
    text = gunzipSync(bytes).toString('utf8');
  } catch {
    return damaged({ reason: 'notReadable' });
  }
  // A complete file ends with a newline: a cut one is refused even when the cut falls between lines.
  if (!text.endsWith('\n')) damaged({ reason: 'truncated' });
  const lines = text.slice(0, -1).split('\n');
  const manifest = checkManifest(parseLine(lines[0] ?? '', 1));
  const rows = new Map<string, string[]>(Object.keys(manifest.tables).map((name) => [name, []]));
  const files = new Map<string, Buffer>();
  for (const [index, line] of lines.slice(1).entries()) {
    const number = index + 2;
    const parsed = parseLine(line, number);
    if (typeof parsed.t === 'string') {
      const prefix = rowPrefix(parsed.t);
      const tableRows = rows.get(parsed.t);
      if (!tableRows || !line.startsWith(prefix)) return damaged({ reason: 'unknownTable', line: number });
      tableRows.push(line.slice(prefix.length, -1));
    } else if (typeof parsed.f === 'string' && typeof parsed.b === 'string') {
      files.set(parsed.f, Buffer.from(parsed.b, 'base64'));
    } else damaged({ reason: 'unreadableLine', line: number });
  }
  for (const [name, part] of Object.entries(manifest.tables)) {
    const tableRows = rows.get(name) ?? [];
    if (tableRows.length !== part.rows || tableDigest(tableRows) !== part.sha256)
      damaged({
        reason: 'partMismatch',
        table: name,
        expected_rows: part.rows,
        found_rows: tableRows.length,
      });
  }
  if (files.size !== manifest.files.length) damaged({ reason: 'fileCount' });
  for (const file of manifest.files) {
    const found = files.get(file.key);
    if (!found || found.length !== file.size || sha256(found) !== file.sha256)
      damaged({ reason: 'partMismatch', file: file.key });
  }
  return { manifest, rows, files };
}
