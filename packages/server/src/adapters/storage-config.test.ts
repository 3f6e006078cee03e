import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { fileStorageFromConfig } from './storage-config.js';

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

  it('refuses an endpoint that is not an address', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 's3.fr-par' })).toThrow(/S3_ENDPOINT/);
  });
});
