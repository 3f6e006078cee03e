import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { backupObjectsFromConfig, fileStorageFromConfig } from './storage-config.js';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'sil-storage-config-'));

describe('the file store the configuration asks for', () => {
  it('is the local folder without a bucket', async () => {
    const storage = await fileStorageFromConfig(loadConfig({ DATA_DIR: dataDir() }));
    const key = '6f1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f/7a1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f';
    await storage.put(key, Buffer.from('scan'));
    expect((await storage.get(key)).toString()).toBe('scan');
  });

  it('stops the server at start when a bucket lacks its region or credentials, naming them', async () => {
    await expect(
      fileStorageFromConfig(loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'sil-files' })),
    ).rejects.toThrow('S3_BUCKET needs: S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
    await expect(
      fileStorageFromConfig(
        loadConfig({
          DATA_DIR: dataDir(),
          S3_BUCKET: 'sil-files',
          S3_REGION: 'fr-par',
          S3_ACCESS_KEY_ID: 'id',
        }),
      ),
    ).rejects.toThrow('S3_BUCKET needs: S3_SECRET_ACCESS_KEY');
  });

  it('stops the server when the backups are given a bucket of their own without a store', async () => {
    await expect(
      backupObjectsFromConfig(loadConfig({ DATA_DIR: dataDir(), S3_BACKUP_BUCKET: 'sil-backups' })),
    ).rejects.toThrow('S3_BACKUP_BUCKET needs: S3_BUCKET');
  });

  it('warns, given a bucket, of the backups its data folder still holds', async () => {
    const bucket = {
      S3_BUCKET: 'sil-files',
      S3_REGION: 'fr-par',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: 'http://127.0.0.1:9',
    };
    const warnings: string[] = [];
    const empty = dataDir();
    await backupObjectsFromConfig(loadConfig({ DATA_DIR: empty, ...bucket }), (text) => warnings.push(text));
    expect(warnings).toEqual([]);
    const kept = dataDir();
    mkdirSync(path.join(kept, 'backups', '6f1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f'), { recursive: true });
    await backupObjectsFromConfig(loadConfig({ DATA_DIR: kept, ...bucket }), (text) => warnings.push(text));
    expect(warnings).toEqual([expect.stringMatching(/still holds 1 laboratory folders.*BACKUP_DIR/)]);
    // A folder named on purpose is kept, and nothing is said.
    await backupObjectsFromConfig(
      loadConfig({ DATA_DIR: kept, ...bucket, BACKUP_DIR: path.join(kept, 'backups') }),
      (text) => warnings.push(text),
    );
    expect(warnings).toHaveLength(1);
  });

  it('refuses an endpoint that is not an address', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 's3.fr-par' })).toThrow(/S3_ENDPOINT/);
  });
});
