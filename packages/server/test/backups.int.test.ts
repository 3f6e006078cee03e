import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { SAMPLE_STATUS } from '@sil/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderObjects } from '../src/adapters/objects.js';
import { type FileStorage, localFileStorage } from '../src/adapters/storage.js';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/open.js';
import { laboratories, recordDayCounts, uploads } from '../src/db/schema/index.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { type BackupKey, openSealed, seal } from '../src/modules/backups/envelope.js';
import { readBackup, writeBackup } from '../src/modules/backups/format.js';
import {
  createBackupScheduler,
  createBackupService,
  makeBackup,
  restoreLaboratory,
} from '../src/modules/backups/index.js';
import { dumpRows, TENANT_TABLES } from '../src/modules/backups/queries.js';
import { apiClient } from './client.js';
import { aPatient, seedCatalogue } from './factories.js';
import {
  codeOf,
  createPostgresDatabase,
  DATABASES,
  login,
  multipart,
  openTestDatabase,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;
interface Manifest {
  laboratory_id: string;
  tables: Record<string, { rows: number; sha256: string }>;
  files: Array<{ key: string; size: number; sha256: string }>;
}

const PASSPHRASE = 'cheval agrafe batterie correcte';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
  'base64',
);
/** A PDF with every byte value in it: a file must come back byte for byte, not as text. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]);

/**
 * Every table of a laboratory as the database writes its rows (binary columns, numerics with every
 * digit, arrays), in a comparable order; the audit trail in its order and without its entry numbers.
 */
async function snapshot(database: Database, laboratoryId: string) {
  const out: Record<string, string[]> = {};
  for (const table of TENANT_TABLES) {
    const rows = (await dumpRows(database.db, table, laboratoryId)).map((row) =>
      row.replace(/"modification_id": \d+, /, ''),
    );
    out[table.name] = table.name === 'audit_trail' ? rows : rows.sort();
  }
  return out;
}

/** The backup's text, opened with the laboratory's passphrase. */
const textOf = async (bytes: Buffer) => gunzipSync(await openSealed(bytes, PASSPHRASE)).toString('utf8');
const manifestOf = async (bytes: Buffer): Promise<Manifest> =>
  JSON.parse((await textOf(bytes)).split('\n')[0] ?? '');
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());

const serverDir = path.resolve(import.meta.dirname, '..');
/** The operator's command, in a process of its own as `npm run backup` runs it. */
function runCli(args: string[], env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/backup-cli.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, INIT_CWD: serverDir, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
}

describe.each(DATABASES)('backups on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let storage: FileStorage;
  let laboratoryId: string;
  const opened: Database[] = [];
  const dropped: Array<() => Promise<void>> = [];
  const as = (session: Session) => apiClient(ctx.app, session);
  const backup = async () => {
    const row = await as(admin).addBackup({});
    const file = await as(admin).downloadBackup({ backup_id: row.backup_id });
    return { row, bytes: Buffer.from(file.content_base64, 'base64') };
  };
  const restoreAs = (session: Session, backupId: string, passphrase = PASSPHRASE) =>
    as(session).send('restoreBackup', { body: { backup_id: backupId, passphrase } });
  /** An empty installation: a migrated database without any laboratory, an empty file store. */
  const emptyInstallation = async () => {
    const database = await openTestDatabase(kind);
    opened.push(database);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sil-files-'));
    return { database, dir, storage: localFileStorage(dir) };
  };

  beforeAll(async () => {
    ctx = await startTestApp(kind, { BACKUP_DIR: mkdtempSync(path.join(os.tmpdir(), 'sil-backups-')) });
    storage = localFileStorage(String(ctx.config.STORAGE_DIR));
    admin = await login(ctx.app, 'admin@demo.lab');
    // Backups are encrypted: none is made before the administrator sets the passphrase.
    expect(codeOf(await as(admin).send('addBackup', { body: {} }))).toBe('backupKeyMissing');
    expect(await as(admin).getBackupKey()).toEqual({
      backup_key_set: false,
      backup_key_created: null,
      backup_key_fingerprint: null,
    });
    const keyed = await as(admin).setBackupPassphrase({ passphrase: PASSPHRASE });
    expect(keyed).toMatchObject({ backup_key_set: true });
    const biologist = await login(ctx.app, 'biologiste@demo.lab');
    const catalogue = await seedCatalogue(ctx.app, admin);
    const record = await as(admin).addPatient({
      ...aPatient({ patient_surname: 'Sauvegarde', patient_name: 'Anne', patient_dob: '1980-02-29' }),
      record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs, catalogue.glucose] }],
    });
    const [laboratory] = await ctx.database.db.select().from(laboratories);
    laboratoryId = String(laboratory?.laboratory_id);
    const [patient] = await as(admin).getPatient({ patient_id: record.patient_id });
    await as(admin).updatePatient({
      patient_id: patient?.patient_id,
      patient_last_updated: patient?.patient_last_updated,
      patient_city: 'Lyon',
    });
    // A result on the count's sample, so that results (partitioned by month, migration 0060) are restored.
    const samples = await Promise.all(
      record.samples.map(async ({ sample_id }) => (await as(admin).getSample({ sample_id }))[0]),
    );
    const count = samples.find((sample) => sample?.sample_analyses.includes(catalogue.nfs));
    await as(admin).updateSampleResults({
      sample_id: String(count?.sample_id),
      results: [{ parameter_id: catalogue.leucocytes, result_value: 7.2 }],
    });
    // A validated record: its report's PDF is a binary column (record_reports.report_pdf).
    await as(admin).receiveRecord({ record_id: record.record_id });
    for (const sample of record.samples)
      await as(admin).updateSampleStatus({
        sample_id: sample.sample_id,
        sample_status: SAMPLE_STATUS.removed,
        force_save: true,
      });
    // The sample with the result is the one validated: a restore writes back validated results too.
    await as(biologist).validateRecord({
      record_id: record.record_id,
      sample_ids: [String(count?.sample_id)],
    });
    for (const [name, bytes, type] of [
      ['ordonnance.png', PNG, 'prescription'],
      ['résultats.pdf', PDF, 'results'],
    ] as const) {
      const upload = await as(admin).send(
        'uploadFile',
        multipart({ record_id: record.record_id, document_type: type }, { name, bytes }),
      );
      expect(upload.statusCode, upload.body).toBe(200);
    }
    await as(admin)
      .reference('parameters')
      .add({
        parameter_name: 'Glucose',
        parameter_unit: 'g/L',
        parameter_decimals: 2,
        parameter_ranges: [{ population: 'default', min: 0.7, max: 1.1 }],
      });
    // A numeric with more digits than a JavaScript number keeps: it must come back with every digit.
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.execute(sql`UPDATE parameters SET parameter_upper_detection_limit = 123456789012.123456
                     WHERE laboratory_id = ${laboratoryId}`),
    );
  });
  afterAll(async () => {
    await stopTestApp(ctx);
    for (const database of opened) await database.close();
    for (const drop of dropped) await drop();
  });

  it('refuses an empty choice of tables, unknown tables, unknown backups and non-administrators', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const addBackup = (body: Json, session = admin) => as(session).send('addBackup', { body });
    const noTables = await addBackup({ tables: [] });
    expect([noTables.statusCode, codeOf(noTables)]).toEqual([400, 'noTablesToBackup']);
    expect(codeOf(await addBackup({ tables: ['patients', 'pg_authid'] }))).toBe('invalidOption');
    const missing = await as(admin).send('downloadBackup', { query: { backup_id: unknown } });
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'backupNotFound']);
    const notThere = await restoreAs(admin, unknown);
    expect([notThere.statusCode, codeOf(notThere)]).toEqual([404, 'backupNotFound']);
    const biologist = await login(ctx.app, 'biologiste@demo.lab');
    expect((await addBackup({}, biologist)).statusCode).toBe(403);
    expect((await as(biologist).send('getBackups')).statusCode).toBe(403);
    expect((await restoreAs(biologist, unknown)).statusCode).toBe(403);
  });

  it('leaves no backup file behind when its description cannot be written', async () => {
    const dir = String(ctx.config.BACKUP_DIR);
    const objects = folderObjects(dir);
    const refusing = {
      ...objects,
      put: (key: string, bytes: Buffer, options?: { replace?: boolean }) =>
        key.endsWith('.json') ? Promise.reject(new Error('store full')) : objects.put(key, bytes, options),
    };
    const before = readdirSync(path.join(dir, laboratoryId)).sort();
    await expect(
      makeBackup(createBackupService(ctx.database.db, refusing, storage), laboratoryId, ['patients']),
    ).rejects.toThrow('store full');
    expect(readdirSync(path.join(dir, laboratoryId)).sort()).toEqual(before);
  });

  it('backs up reports and files, verified, and restores them into an empty installation byte for byte', async () => {
    const { row, bytes } = await backup();
    expect(row.backup_tables).toMatchObject({ patients: 1, samples: 2, record_reports: 1, uploads: 2 });
    expect(row.backup_tables.audit_trail).toBeGreaterThan(10);
    expect(row.backup_files).toBe(2);
    // A description left by format 1 (no files, no encryption) is not listed, and breaks nothing.
    const old = '11111111-1111-4111-8111-111111111111';
    await writeFile(
      path.join(String(ctx.config.BACKUP_DIR), laboratoryId, `${old}.json`),
      JSON.stringify({
        backup_id: old,
        backup_created: '2026-01-01T00:00:00.000Z',
        backup_size: 10,
        backup_format_version: 1,
        backup_tables: { patients: 1 },
      }),
    );
    const listed = (await as(admin).getBackups()).map((b) => b.backup_id);
    expect(listed).toContain(row.backup_id);
    expect(listed).not.toContain(old);
    const manifest = await manifestOf(bytes);
    // Encrypted at rest: nothing of the laboratory reads in the file.
    for (const word of ['Sauvegarde', 'sil-backup"', laboratoryId]) expect(bytes.includes(word)).toBe(false);
    expect(manifest.laboratory_id).toBe(laboratoryId);
    expect(Object.keys(manifest.tables)).toEqual(TENANT_TABLES.map((t) => t.name));

    const empty = await emptyInstallation();
    const report = await restoreLaboratory(empty.database.db, empty.storage, bytes, {
      passphrase: PASSPHRASE,
    });
    expect(report.restore_mode).toBe('fresh');
    // The manifest's counts against what was written, table by table and for the files.
    for (const [name, part] of Object.entries(manifest.tables))
      expect([name, report.restore_tables[name]]).toEqual([
        name,
        { expected: part.rows, written: part.rows, present: 0 },
      ]);
    expect(report.restore_files).toEqual({ expected: 2, written: 2, present: 0 });
    const restored = await snapshot(empty.database, laboratoryId);
    expect(restored).toEqual(await snapshot(ctx.database, laboratoryId));
    expect(restored.parameters?.join()).toContain('123456789012.123456');
    expect(restored.record_reports?.[0]).toMatch(/"report_pdf": "\\\\x255044462d/);
    for (const file of manifest.files)
      expect((await empty.storage.get(file.key)).equals(await storage.get(file.key))).toBe(true);
    expect(
      filesUnder(empty.dir)
        .map((f) => f.name)
        .sort(),
    ).toEqual(manifest.files.map((f) => f.key.split('/')[1]).sort());
    // The records' per-day counts are not in the file: the restored records wrote them again, each
    // day the sum of its slots (migration 0057: a slot is the writing session's, not the same here).
    const dayCounts = async (database: Database) =>
      (
        await database.db
          .select({
            count_day: recordDayCounts.count_day,
            records_added: sql<number>`sum(${recordDayCounts.records_added})`.mapWith(Number),
            external_records: sql<number>`sum(${recordDayCounts.external_records})`.mapWith(Number),
            canceled_replaced: sql<number>`sum(${recordDayCounts.canceled_replaced})`.mapWith(Number),
          })
          .from(recordDayCounts)
          .where(eq(recordDayCounts.laboratory_id, laboratoryId))
          .groupBy(recordDayCounts.count_day)
      )
        .map((count) => JSON.stringify(count))
        .sort();
    expect(row.backup_tables.record_day_counts).toBeUndefined();
    expect(await dayCounts(empty.database)).toEqual(await dayCounts(ctx.database));

    // The restored installation works: its users log in, find their patient, its files and report.
    const app = await buildApp({
      config: { ...ctx.config, STORAGE_DIR: empty.dir },
      db: empty.database.db,
      logger: false,
    });
    try {
      const restoredAdmin = apiClient(app, await login(app, 'admin@demo.lab'));
      const found = await restoredAdmin.getPatients({ search: 'Sauvegarde' });
      expect(found.data[0]).toMatchObject({ patient_city: 'Lyon', patient_dob: '1980-02-29' });
      const [upload] = await empty.database.db
        .select()
        .from(uploads)
        .where(eq(uploads.upload_name, 'résultats.pdf'));
      const downloaded = await restoredAdmin.send('downloadUpload', {
        query: { upload_id: upload?.upload_id },
      });
      expect(downloaded.rawPayload.equals(PDF)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('restores a backup made before results were partitioned, each result given its record’s stamp', async () => {
    const { bytes } = await backup();
    const key: BackupKey = JSON.parse(
      await readFile(path.join(String(ctx.config.BACKUP_DIR), laboratoryId, 'backup-key'), 'utf8'),
    );
    // The same backup as a server before migration 0060 wrote it: results without their partition key.
    const { manifest, rows, files } = readBackup(await openSealed(bytes, PASSPHRASE));
    const before0060 = Object.entries(manifest.tables).map(([name, part]) =>
      name === 'results'
        ? {
            name,
            columns: part.columns.filter((column) => column !== 'result_record_created'),
            rows: (rows.get(name) ?? []).map((row) =>
              row
                .replace(/, "result_record_created": "[^"]*"/, '')
                .replace(/"result_record_created": "[^"]*", /, ''),
            ),
          }
        : { name, columns: part.columns, rows: rows.get(name) ?? [] },
    );
    const results = before0060.find((table) => table.name === 'results');
    expect(results?.rows).toHaveLength(1);
    expect(results?.rows[0]).not.toContain('result_record_created');
    const old = writeBackup(
      laboratoryId,
      before0060,
      [...files].map(([fileKey, fileBytes]) => ({ key: fileKey, bytes: fileBytes })),
      new Date(manifest.created_at),
    );
    const empty = await emptyInstallation();
    const report = await restoreLaboratory(empty.database.db, empty.storage, seal(old.bytes, key).bytes, {
      passphrase: PASSPHRASE,
    });
    expect(report.restore_tables.results).toEqual({ expected: 1, written: 1, present: 0 });
    // Every row as it was, the partition key included, and the result in its month's partition.
    const restored = await snapshot(empty.database, laboratoryId);
    expect(restored).toEqual(await snapshot(ctx.database, laboratoryId));
    const placed = await empty.database.db.execute(sql`SELECT tableoid::regclass::text AS part FROM results`);
    const parts = (placed as unknown as { rows: Array<{ part: string }> }).rows.map((row) => row.part);
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatch(/^results_\d{4}_\d{2}$/);
  });

  it('refuses a tampered or truncated backup and a wrong passphrase with a catalogue code, writing nothing', async () => {
    const { bytes } = await backup();
    const text = await textOf(bytes);
    const lines = text.split('\n');
    // Whoever holds the public key (it is in every file's header) can seal a file of their own:
    // the manifest's counts and hashes still catch a content changed or cut.
    const key: BackupKey = JSON.parse(
      await readFile(path.join(String(ctx.config.BACKUP_DIR), laboratoryId, 'backup-key'), 'utf8'),
    );
    const resealed = (content: string) => seal(gzipSync(content), key).bytes;
    const flipped = Buffer.from(bytes);
    const middle = Math.floor(flipped.length / 2);
    flipped[middle] = (flipped[middle] ?? 0) ^ 1;
    const header = Buffer.from(bytes);
    header[30] = (header[30] ?? 0) ^ 1;
    const refusals: Array<[string, Buffer, string, string?]> = [
      ['a byte of the ciphertext flipped', flipped, 'backupDamaged'],
      ['a byte of the header changed', header, 'backupDamaged'],
      ['cut anywhere', bytes.subarray(0, Math.floor(bytes.length / 2)), 'backupDamaged'],
      ['cut to its header', bytes.subarray(0, 40), 'backupDamaged'],
      ['a wrong passphrase', bytes, 'backupKeyIncorrect', 'cheval agrafe batterie correctE'],
      ['a value changed', resealed(text.replace('"Sauvegarde"', '"Sauvegardf"')), 'backupDamaged'],
      [
        'a file changed',
        resealed(text.replace(PDF.toString('base64').slice(0, 12), 'AAAAAAAAAAAA')),
        'backupDamaged',
      ],
      [
        'a row removed',
        resealed(lines.filter((l) => !l.includes('"Sauvegarde"')).join('\n')),
        'backupDamaged',
      ],
      ['cut between lines', resealed(`${lines.slice(0, 20).join('\n')}\n`), 'backupDamaged'],
      ['not encrypted', gzipSync(text), 'invalidImportFile'],
      ['not a backup', resealed('{"format":"other"}\n'), 'invalidImportFile'],
    ];
    const empty = await emptyInstallation();
    for (const [what, damaged, code, passphrase = PASSPHRASE] of refusals) {
      const refused = await restoreLaboratory(empty.database.db, empty.storage, damaged, {
        passphrase,
      }).catch((e) => e);
      expect([what, refused.code]).toEqual([what, code]);
      // The details name the part, never a row's content.
      expect(JSON.stringify(refused.details)).not.toContain('Sauvegarde');
    }
    expect(await empty.database.db.select().from(laboratories)).toEqual([]);
    expect(filesUnder(empty.dir)).toEqual([]);
    const wrong = await restoreAs(admin, (await backup()).row.backup_id, 'not the passphrase at all');
    expect([wrong.statusCode, codeOf(wrong)]).toEqual([400, 'backupKeyIncorrect']);
  });

  it("puts back into the laboratory the rows and files it lost, from the administrator's call", async () => {
    const { row } = await backup();
    const [lost] = await ctx.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.upload_name, 'ordonnance.png'));
    if (!lost) throw new Error('no upload');
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.delete(uploads).where(eq(uploads.upload_id, lost.upload_id)),
    );
    await storage.remove(lost.upload_storage_key);

    const report = await as(admin).restoreBackup({ backup_id: row.backup_id, passphrase: PASSPHRASE });
    expect(report.restore_mode).toBe('missing');
    expect(report.restore_tables.uploads).toEqual({ expected: 2, written: 1, present: 1 });
    expect(report.restore_tables.patients).toEqual({ expected: 1, written: 0, present: 1 });
    expect(report.restore_files).toEqual({ expected: 2, written: 2, present: 0 });
    const [back] = await ctx.database.db.select().from(uploads).where(eq(uploads.upload_id, lost.upload_id));
    expect(back).toEqual(lost);
    expect((await storage.get(lost.upload_storage_key)).equals(PNG)).toBe(true);
  });

  it('makes and restores backups from the command line, the restored data backed up again identical', async () => {
    const { bytes } = await backup();
    const original = await manifestOf(bytes);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sil-cli-'));
    const file = path.join(dataDir, 'lab.sil-backup');
    await writeFile(file, bytes);
    const passphraseFile = path.join(dataDir, 'passphrase');
    await writeFile(passphraseFile, `${PASSPHRASE}\n`, { mode: 0o600 });
    const env: Record<string, string> = { DATA_DIR: dataDir };
    if (kind === 'postgres') {
      const created = await createPostgresDatabase();
      env.DATABASE_URL = created.url;
      dropped.push(created.drop);
    }
    const wrong = await runCli(['restore', file], { ...env, BACKUP_PASSPHRASE: 'not the passphrase at all' });
    expect(wrong.code, wrong.output).toBe(1);
    expect(wrong.output).toMatch(/^backupKeyIncorrect /m);
    const cut = path.join(dataDir, 'cut.sil-backup');
    await writeFile(cut, bytes.subarray(0, bytes.length - 100));
    const refused = await runCli(['restore', cut, '--passphrase-file', passphraseFile], env);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toMatch(/^backupDamaged /m);
    expect(refused.output).not.toContain('Sauvegarde');

    const restore = await runCli(['restore', file, '--passphrase-file', passphraseFile], env);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('patients: 1 in the backup, 1 written, 0 already there');
    const files = original.files.length;
    expect(restore.output).toContain(`files: ${files} in the backup, ${files} written, 0 already there`);

    // The restored installation backs up again, with the same passphrase set there.
    const keyed = await runCli(['set-passphrase'], { ...env, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(keyed.code, keyed.output).toBe(0);
    const out = path.join(dataDir, 'again.sil-backup');
    const create = await runCli(['create', '--out', out], env);
    expect(create.code, create.output).toBe(0);
    const again = await manifestOf(await readFile(out));
    // Every part the same, but the audit trail: its entries were numbered anew (decision 0008).
    const { audit_trail: auditAgain, ...tablesAgain } = again.tables;
    const { audit_trail: auditBefore, ...tablesBefore } = original.tables;
    expect(tablesAgain).toEqual(tablesBefore);
    expect(auditAgain?.rows).toBe(auditBefore?.rows);
    expect(again.files).toEqual(original.files);
  }, 120_000);

  it('makes a backup a day on schedule and prunes them by the retention policy, a failure on the dashboard', async () => {
    const dir = String(ctx.config.BACKUP_DIR);
    // A scheduler of the test's own on the same database and folders, whose clock the test sets.
    const scheduler = createBackupScheduler(
      ctx.database.db,
      createBackupService(ctx.database.db, folderObjects(dir), storage),
      0,
      ctx.app.log,
    );
    const byHand = (await as(admin).getBackups()).length;
    await as(admin).setBackupSchedule({
      schedule_enabled: true,
      schedule_hour: 2,
      keep_daily: 3,
      keep_weekly: 2,
      keep_monthly: 2,
    });
    const at = (day: string, parisHour: number) =>
      // January and February: Paris is UTC+1.
      new Date(`${day}T${String(parisHour - 1).padStart(2, '0')}:30:00Z`);
    expect(await scheduler.runDue(at('2026-01-01', 1))).toEqual([]);
    for (let i = 0; i < 35; i++) {
      const day = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
      expect(await scheduler.runDue(at(day, 3))).toEqual([laboratoryId]);
      // Once a day, however often the copies poll.
      expect(await scheduler.runDue(at(day, 4))).toEqual([]);
    }
    const listed = await as(admin).getBackups();
    // 3 daily (2–4 February), 2 weekly (the newest of the weeks of 2 February and 26 January: 4
    // February, Sunday 1 February), 2 monthly (4 February, 31 January); those made by hand stay.
    expect(
      listed
        .filter((row) => row.backup_scheduled)
        .map((row) => row.backup_created.slice(0, 10))
        .sort(),
    ).toEqual(['2026-01-31', '2026-02-01', '2026-02-02', '2026-02-03', '2026-02-04']);
    expect(listed.filter((row) => !row.backup_scheduled)).toHaveLength(byHand);

    // The key lost: the next day's backup fails, and the administrators' dashboard says so.
    const keyFile = path.join(dir, laboratoryId, 'backup-key');
    const key = await readFile(keyFile);
    await rm(keyFile);
    await scheduler.runDue(at('2026-02-05', 3));
    const schedule = await as(admin).getBackupSchedule();
    expect(schedule).toMatchObject({ last_failure_code: 'backupKeyMissing', schedule_enabled: true });
    const notices = async (session: Session) => (await as(session).getDashboard()).notifications;
    expect(await notices(admin)).toContainEqual({ kind: 'failed_backup', count: 1 });
    const biologist = await login(ctx.app, 'biologiste@demo.lab');
    expect(await notices(biologist)).not.toContainEqual({ kind: 'failed_backup', count: 1 });
    await writeFile(keyFile, key);
    await scheduler.runDue(at('2026-02-06', 3));
    expect(await notices(admin)).not.toContainEqual({ kind: 'failed_backup', count: 1 });
    // Turning the schedule off stops it.
    await as(admin).setBackupSchedule({
      schedule_enabled: false,
      schedule_hour: 2,
      keep_daily: 7,
      keep_weekly: 4,
      keep_monthly: 12,
    });
    expect(await scheduler.runDue(at('2026-02-07', 3))).toEqual([]);
  }, 180_000);
});
