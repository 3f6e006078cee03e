import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAgent } from './app.js';
import type { AgentConfig } from './config.js';
import { call, tempFolder, testConfig } from './test-support.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function agentOnScanFolder(overrides: Partial<AgentConfig> = {}) {
  const folder = await tempFolder();
  cleanups.push(folder.remove);
  const agent = await buildAgent(testConfig({ scanDir: folder.path, ...overrides }));
  cleanups.push(() => agent.close());
  return { agent, dir: folder.path };
}

/** Writes a scan as the scanner would, `minutesAgo` before now. */
async function scan(dir: string, name: string, content: string, minutesAgo: number) {
  await writeFile(join(dir, name), content);
  const when = new Date(Date.now() - minutesAgo * 60_000);
  await utimes(join(dir, name), when, when);
}

describe('GET /scan', () => {
  it('answers the newest scan as base64 with its name and type, and moves it out of the folder', async () => {
    const { agent, dir } = await agentOnScanFolder();
    await scan(dir, 'older.pdf', '%PDF-older', 10);
    await scan(dir, 'newest.jpg', 'jpeg bytes', 1);
    await scan(dir, 'notes.txt', 'not a scan', 0);
    const response = await call(agent, { method: 'GET', url: '/scan' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'newest.jpg',
      type: 'image/jpeg',
      size: 10,
      data: Buffer.from('jpeg bytes').toString('base64'),
    });
    expect((await readdir(dir)).sort()).toEqual(['notes.txt', 'older.pdf', 'sent']);
    expect(await readdir(join(dir, 'sent'))).toEqual(['newest.jpg']);

    const next = await call(agent, { method: 'GET', url: '/scan' });
    expect(next.json().name).toBe('older.pdf');
  });

  it('answers noScanFound when the folder holds no scan', async () => {
    const { agent, dir } = await agentOnScanFolder();
    await mkdir(join(dir, 'sub.pdf'));
    const response = await call(agent, { method: 'GET', url: '/scan' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'noScanFound', details: { folder: dir } });
  });

  it('answers scanFolderUnavailable when the folder does not exist', async () => {
    const folder = await tempFolder();
    cleanups.push(folder.remove);
    const missing = join(folder.path, 'missing');
    const agent = await buildAgent(testConfig({ scanDir: missing }));
    cleanups.push(() => agent.close());
    const response = await call(agent, { method: 'GET', url: '/scan' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      code: 'scanFolderUnavailable',
      details: { folder: missing, reason: 'ENOENT' },
    });
  });

  it('waits for a scan the scanner may still be writing', async () => {
    const { agent, dir } = await agentOnScanFolder({ scanSettleMs: 60_000 });
    await scan(dir, 'writing.pdf', '%PDF-', 0);
    const response = await call(agent, { method: 'GET', url: '/scan' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('scanInProgress');
    expect(await readdir(dir)).toEqual(['writing.pdf']);
  });

  it('refuses a scan larger than the limit', async () => {
    const { agent, dir } = await agentOnScanFolder({ scanMaxBytes: 4 });
    await scan(dir, 'big.pdf', '%PDF-1.7', 1);
    const response = await call(agent, { method: 'GET', url: '/scan' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'scanTooLarge',
      details: { name: 'big.pdf', size: 8, maxBytes: 4 },
    });
  });
});

describe('GET /scan-prescription', () => {
  const name = 'D2024-000123 - DUPONT Élodie - PRESCRIPTION';

  it('keeps the newest scan under the given name and answers it', async () => {
    const { agent, dir } = await agentOnScanFolder();
    await scan(dir, 'SCAN0001.pdf', '%PDF-prescription', 1);
    const response = await call(agent, {
      method: 'GET',
      url: `/scan-prescription?name=${encodeURIComponent(name)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: `${name}.pdf`, type: 'application/pdf', size: 17 });
    expect(await readdir(join(dir, 'prescriptions'))).toEqual([`${name}.pdf`]);
    expect(await readdir(dir)).toEqual(['prescriptions']);
  });

  it('never overwrites an earlier prescription of the same name', async () => {
    const { agent, dir } = await agentOnScanFolder();
    await scan(dir, 'first.pdf', '%PDF-1', 2);
    await call(agent, { method: 'GET', url: `/scan-prescription?name=${encodeURIComponent(`${name}.pdf`)}` });
    await scan(dir, 'second.pdf', '%PDF-2', 1);
    const response = await call(agent, {
      method: 'GET',
      url: `/scan-prescription?name=${encodeURIComponent(name)}`,
    });
    expect(response.json().name).toBe(`${name} (2).pdf`);
  });

  it('refuses a missing name, and one that would leave the folder', async () => {
    const { agent, dir } = await agentOnScanFolder();
    await scan(dir, 'SCAN0001.pdf', '%PDF-', 1);
    for (const url of [
      '/scan-prescription',
      '/scan-prescription?name=',
      '/scan-prescription?name=..%2F..%2Fetc',
    ]) {
      const response = await call(agent, { method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalidScanName');
    }
    expect(await readdir(dir)).toEqual(['SCAN0001.pdf']);
  });

  it('answers noScanFound when there is nothing to keep', async () => {
    const { agent } = await agentOnScanFolder();
    const response = await call(agent, { method: 'GET', url: '/scan-prescription?name=x' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('noScanFound');
  });
});
