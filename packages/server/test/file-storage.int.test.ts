import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderObjects, type ObjectStore, StoredObjectMissing } from '../src/adapters/objects.js';
import { bucketObjects, s3FileStorage } from '../src/adapters/s3-storage.js';
import { type FileStorage, localFileStorage } from '../src/adapters/storage.js';
import { backupObjectsFromConfig } from '../src/adapters/storage-config.js';
import { buildApp } from '../src/app.js';
import { laboratories } from '../src/db/schema/index.js';
import { restoreLaboratory } from '../src/modules/backups/index.js';
import { freePort } from './analysers-bulk.js';
import { type ApiClient, apiClient } from './client.js';
import { aPatient, seedCatalogue } from './factories.js';
import {
  codeOf,
  DATABASES,
  login,
  multipart,
  openTestDatabase,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';
import { type LocalS3, startLocalS3 } from './s3-server.js';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(300_000)]);
const PASSPHRASE = 'cheval agrafe batterie correcte';
const aKey = () => `${randomUUID()}/${randomUUID()}`;
const filesIn = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3(['contract', 'files', 'restored']);
});
afterAll(() => s3?.stop());

/**
 * What every file store does, on the local folder and on an S3-compatible server over HTTP
 * (docs/deployment.md): the same calls, the same outcomes.
 */
describe.each(['folder', 's3'] as const)('the file store on a %s', (kind) => {
  let storage: FileStorage;
  let dir: string;
  /** What the store holds, staged objects included. */
  const held = async () =>
    kind === 's3'
      ? await s3.keys('contract')
      : filesIn(dir).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sil-files-'));
    storage = kind === 's3' ? await s3FileStorage(s3.settings('contract')) : localFileStorage(dir);
  });

  it('gives back the bytes put under a key, and nothing once removed', async () => {
    const key = aKey();
    await storage.put(key, PDF);
    expect((await storage.get(key)).equals(PDF)).toBe(true);
    await storage.remove(key);
    await expect(storage.get(key)).rejects.toThrow();
    // Removing what is not there is not an error: a failed upload's clean-up may run twice.
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it('refuses a key the server did not make, before reaching the store', async () => {
    for (const key of ['../etc/passwd', 'a/b', `${randomUUID()}/../${randomUUID()}`]) {
      await expect(storage.put(key, PDF)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/unsafe storage key/);
    }
  });

  it('shows staged files only once committed, and leaves nothing of a discarded stage', async () => {
    const before = await held();
    const files = [
      { key: aKey(), bytes: PDF },
      { key: aKey(), bytes: Buffer.from('second') },
    ];
    const discarded = await storage.stage(files);
    for (const { key } of files) await expect(storage.get(key)).rejects.toThrow();
    await discarded.discard();
    expect(await held()).toEqual(before);

    const staged = await storage.stage(files);
    for (const { key } of files) await expect(storage.get(key)).rejects.toThrow();
    await staged.commit();
    for (const { key, bytes } of files) expect((await storage.get(key)).equals(bytes)).toBe(true);
    expect(await held()).toEqual([...before, ...files.map((file) => file.key)].sort());
  });
});

/**
 * The objects under both stores, the backups' folders among them: listed one folder at a time,
 * replaced only when asked, moved, and removed a folder at once.
 */
describe.each(['folder', 's3'] as const)('the object store on a %s', (kind) => {
  let objects: ObjectStore;
  beforeAll(async () => {
    objects =
      kind === 's3'
        ? await bucketObjects(s3.settings('contract'), 'objects/')
        : folderObjects(mkdtempSync(path.join(os.tmpdir(), 'sil-objects-')));
  });

  it('lists the objects directly in a folder, replaces one only when asked, and removes a folder whole', async () => {
    const folder = randomUUID();
    expect(await objects.list(folder)).toEqual([]);
    await objects.put(`${folder}/b.json`, Buffer.from('{"b":1}'));
    await objects.put(`${folder}/a.sil-backup`, PDF);
    await objects.put(`${folder}/inner/c`, Buffer.from('c'));
    expect(await objects.list(folder)).toEqual([`${folder}/a.sil-backup`, `${folder}/b.json`]);

    // The local S3 server ignores a conditional put (If-None-Match: *), which AWS and MinIO honour.
    if (kind === 'folder') {
      await expect(objects.put(`${folder}/b.json`, Buffer.from('{"b":2}'))).rejects.toThrow();
      expect((await objects.get(`${folder}/b.json`)).toString()).toBe('{"b":1}');
    }
    await objects.put(`${folder}/b.json`, Buffer.from('{"b":2}'), { replace: true });
    expect((await objects.get(`${folder}/b.json`)).toString()).toBe('{"b":2}');

    await objects.move(`${folder}/b.json`, `${folder}/inner/b.json`);
    await expect(objects.get(`${folder}/b.json`)).rejects.toThrow(StoredObjectMissing);
    expect((await objects.get(`${folder}/inner/b.json`)).toString()).toBe('{"b":2}');

    await objects.removeFolder(folder);
    expect(await objects.list(folder)).toEqual([]);
    expect(await objects.list(`${folder}/inner`)).toEqual([]);
    if (kind === 's3') expect((await s3.keys('contract')).filter((key) => key.includes(folder))).toEqual([]);
  });

  it('refuses a key that would leave its root', async () => {
    for (const key of ['../outside', 'a/../../b', '/etc/passwd', 'a//b', './a'])
      await expect(objects.put(key, PDF)).rejects.toThrow(/unsafe storage key/);
  });
});

/**
 * A laboratory whose server keeps its files in an S3-compatible bucket: the uploads of its records
 * go there and come back, none touches the local folder, and a backup restored into another
 * installation puts its files into that installation's bucket.
 */
describe.each(DATABASES)('uploads and backups with the files in a bucket on %s', (kind) => {
  let ctx: TestContext;
  let glucose: string;
  /** A new record of a new patient, as `admin` registers it. */
  const aRecordBy = (admin: ApiClient, patient_surname: string) =>
    admin.addPatient({
      ...aPatient({ patient_surname }),
      record_selected_analyses: [{ combination: 1, analysis_ids: [glucose] }],
    });

  beforeAll(async () => {
    ctx = await startTestApp(kind, s3.env('files'));
    glucose = (await seedCatalogue(ctx.app, await login(ctx.app, 'admin@demo.lab'))).glucose;
  });
  afterAll(() => stopTestApp(ctx));

  it('stores, serves (from another server copy too) and deletes a record’s files in the bucket, keeps the backups there, and restores them into another', async () => {
    const admin = apiClient(ctx.app, await login(ctx.app, 'admin@demo.lab'));
    const record = await aRecordBy(admin, 'Compartiment');
    const bucketBefore = await s3.keys('files');
    const upload = async (name: string, document_type: string) =>
      (
        await admin.send(
          'uploadFile',
          multipart({ record_id: record.record_id, document_type }, { name, bytes: PDF }),
        )
      ).json<{ upload_id: string; upload_storage_key?: string }>();
    const kept = await upload('résultats.pdf', 'results');
    const dropped = await upload('autre.pdf', 'results');
    const added = (await s3.keys('files')).filter((key) => !bucketBefore.includes(key));
    expect(added).toHaveLength(2);
    expect(filesIn(String(ctx.config.STORAGE_DIR))).toEqual([]);

    const download = await admin.send('downloadUpload', { query: { upload_id: kept.upload_id } });
    expect(download.rawPayload.equals(PDF)).toBe(true);
    // Another server copy on the same database and bucket, with a folder of its own, serves it too.
    const other = await buildApp({
      config: { ...ctx.config, STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), 'sil-files-')) },
      db: ctx.database.db,
      logger: false,
    });
    try {
      const elsewhere = apiClient(other, await login(other, 'admin@demo.lab'));
      const served = await elsewhere.send('downloadUpload', { query: { upload_id: kept.upload_id } });
      expect(served.rawPayload.equals(PDF)).toBe(true);
    } finally {
      await other.close();
    }
    await admin.send('deleteUpload', { body: { upload_id: dropped.upload_id } });
    expect((await s3.keys('files')).filter((key) => !bucketBefore.includes(key))).toHaveLength(1);
    expect(codeOf(await admin.send('downloadUpload', { query: { upload_id: dropped.upload_id } }))).toBe(
      'fileNotFound',
    );

    // The backups beside the files, under backups/: another copy lists and serves them, and they
    // go to a bucket of their own when one is named.
    await admin.setBackupPassphrase({ passphrase: PASSPHRASE });
    const row = await admin.addBackup({});
    const file = await admin.downloadBackup({ backup_id: row.backup_id });
    const [laboratory] = await ctx.database.db.select().from(laboratories);
    const laboratoryId = String(laboratory?.laboratory_id);
    expect(await s3.keys('files')).toEqual(
      expect.arrayContaining(
        ['backup-key', `${row.backup_id}.sil-backup`, `${row.backup_id}.json`].map(
          (name) => `backups/${laboratoryId}/${name}`,
        ),
      ),
    );
    const copy = await buildApp({
      config: {
        ...ctx.config,
        dataDir: mkdtempSync(path.join(os.tmpdir(), 'sil-data-')),
        STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), 'sil-files-')),
      },
      db: ctx.database.db,
      logger: false,
    });
    try {
      const elsewhere = apiClient(copy, await login(copy, 'admin@demo.lab'));
      expect(await elsewhere.getBackups()).toContainEqual(row);
      expect(await elsewhere.downloadBackup({ backup_id: row.backup_id })).toEqual(file);
    } finally {
      await copy.close();
    }
    const ownBucket = await backupObjectsFromConfig({ ...ctx.config, S3_BACKUP_BUCKET: 'restored' });
    await ownBucket.put(`${laboratoryId}/backup-key`, Buffer.from('{}'), { replace: true });
    expect(await s3.keys('restored')).toContain(`backups/${laboratoryId}/backup-key`);
    await ownBucket.removeFolder(laboratoryId);

    const empty = await openTestDatabase(kind);
    try {
      const restored = await s3FileStorage(s3.settings('restored'));
      const report = await restoreLaboratory(empty.db, restored, Buffer.from(file.content_base64, 'base64'), {
        passphrase: PASSPHRASE,
      });
      const files = await s3.keys('files');
      const keptKey = files.find((key) => !bucketBefore.includes(key) && !key.startsWith('backups/'));
      expect(report.restore_files.written).toBeGreaterThanOrEqual(1);
      // Every file of the backup in the new bucket, nothing left staged.
      expect(await s3.keys('restored')).toEqual(expect.arrayContaining([String(keptKey)]));
      expect((await s3.keys('restored')).filter((key) => key.startsWith('.staging'))).toEqual([]);
      expect((await restored.get(String(keptKey))).equals(PDF)).toBe(true);
    } finally {
      await empty.close();
    }
  });

  it('answers fileNotFound for a file the bucket lost, and fileStoreUnavailable when it cannot be reached, for files and backups', async () => {
    const session = await login(ctx.app, 'admin@demo.lab');
    const admin = apiClient(ctx.app, session);
    const record = await aRecordBy(admin, 'Injoignable');
    const before = await s3.keys('files');
    const lost = (
      await admin.send(
        'uploadFile',
        multipart({ record_id: record.record_id, document_type: 'results' }, { name: 'a.pdf', bytes: PDF }),
      )
    ).json<{ upload_id: string }>();
    const [key] = (await s3.keys('files')).filter((stored) => !before.includes(stored));
    await (await s3FileStorage(s3.settings('files'))).remove(String(key));
    const missing = await admin.send('downloadUpload', { query: { upload_id: lost.upload_id } });
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'fileNotFound']);

    // The same database behind a server whose store has gone: a clear refusal, and no row for a file
    // that was never stored.
    const cut = await buildApp({
      config: { ...ctx.config, S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` },
      db: ctx.database.db,
      logger: false,
    });
    try {
      const away = apiClient(cut, await login(cut, 'admin@demo.lab'));
      const awayRecord = await aRecordBy(away, 'Déconnecté');
      const refused = await away.send(
        'uploadFile',
        multipart(
          { record_id: awayRecord.record_id, document_type: 'results' },
          { name: 'b.pdf', bytes: PDF },
        ),
      );
      expect([refused.statusCode, codeOf(refused)]).toEqual([503, 'fileStoreUnavailable']);
      expect(await away.getUploads({ record_id: awayRecord.record_id })).toEqual([]);
      // The backups, kept there too, are refused alike rather than listed as none.
      const backups = await away.send('getBackups');
      expect([backups.statusCode, codeOf(backups)]).toEqual([503, 'fileStoreUnavailable']);
    } finally {
      await cut.close();
    }
  });
});
