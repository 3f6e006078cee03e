import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, stopTestApp, type TestContext } from './helpers.js';

// A build as vite leaves it: index.html, a hashed script under /assets with its .br and .gz copies.
const script = `export const screens = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `screen-${i}`))};\n`;
const html =
  '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head></html>';

describe('the web app as every visit loads it', () => {
  let ctx: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'sil-web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), html);
    writeFileSync(path.join(dist, 'assets/index-AbC123.js'), script);
    writeFileSync(path.join(dist, 'assets/index-AbC123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets/index-AbC123.js.gz'), gzipSync(script));
    // A file under an API path in the build: the web app's files must never answer there.
    mkdirSync(path.join(dist, 'api'));
    writeFileSync(path.join(dist, 'api/stray.txt'), 'not an answer of the API');
    ctx = await startTestApp('pglite', { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await stopTestApp(ctx);
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends a hashed script brotli-compressed to a browser that accepts it, cached for a year', async () => {
    const response = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file, with the same caching', async () => {
    const gzipped = await get('/assets/index-AbC123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html on every visit, at the root and on client-side routes', async () => {
    for (const url of ['/', '/index.html', '/records/2611220001']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(html);
      expect(response.headers.etag, url).toBeTruthy();
    }
  });

  it('answers a missing hashed file and an unknown call with a 404 code, never with the page', async () => {
    for (const url of ['/assets/index-Old999.js', '/api/no-such-call']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ code: 'routeConfigNotFound', details: {} });
    }
  });

  it('never looks for a file under an API path: an unknown call is answered as unknown at once', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await ctx.app.inject({ method, url: '/api/stray.txt' });
      expect(response.statusCode, method).toBe(404);
      expect(response.headers['content-type'], method).toMatch(/application\/json/);
    }
    expect((await get('/api/stray.txt')).json()).toEqual({ code: 'routeConfigNotFound', details: {} });
  });
});
