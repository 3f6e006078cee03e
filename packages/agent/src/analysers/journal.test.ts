import { spawn } from 'node:child_process';
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal } from './journal.js';
import { tempJournal } from './test-gateway.js';

let store: Awaited<ReturnType<typeof tempJournal>>;
beforeEach(async () => {
  store = await tempJournal();
});
afterEach(() => store.remove());

describe('analyser journal', () => {
  it('keeps messages in order with ids and hashes, and what is pending across a reopening', async () => {
    const a = await store.journal.append('analyser-1', 'astm', 'H|\\^&\rL|1|N\r');
    const b = await store.journal.append('analyser-2', 'hl7', 'MSH|^~\\&|X');
    expect(a.seq).toBe(1);
    expect(b.seq).toBe(2);
    expect(a.id).not.toBe(b.id);
    expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
    await store.journal.markForwarded([a.id]);
    await store.journal.close();
    const reopened = await Journal.open(store.directory);
    expect(reopened.pending().map((e) => e.id)).toEqual([b.id]);
    const c = await reopened.append('analyser-1', 'astm', 'H|\\^&\r');
    expect(c.seq).toBe(3);
    store.journal = reopened;
  });

  it('takes an analyser’s repeat of a kept message as that message, across a reopening', async () => {
    const run = 'H|\\^&\rR|1|^^^GLU|1.02\rL|1|N\r';
    const [first, again] = await Promise.all([
      store.journal.append('analyser-1', 'astm', run),
      store.journal.append('analyser-1', 'astm', run),
    ]);
    expect(again).toEqual(first);
    const otherAnalyser = await store.journal.append('analyser-2', 'astm', run);
    expect(otherAnalyser.id).not.toBe(first.id);
    await store.journal.markForwarded([first.id]);
    await store.journal.close();
    store.journal = await Journal.open(store.directory);
    expect((await store.journal.append('analyser-1', 'astm', run)).id).toBe(first.id);
    expect(store.journal.pending().map((e) => e.id)).toEqual([otherAnalyser.id]);
    const lines = (await readFile(join(store.directory, 'messages.jsonl'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(2);
  });

  it('cuts a line torn by a crash, which was never acknowledged, and appends after it cleanly', async () => {
    const a = await store.journal.append('analyser-1', 'astm', 'one');
    await store.journal.close();
    await appendFile(join(store.directory, 'messages.jsonl'), '{"id":"torn","seq":2,"te');
    store.journal = await Journal.open(store.directory);
    expect(store.journal.pending().map((e) => e.id)).toEqual([a.id]);
    await store.journal.append('analyser-1', 'astm', 'two');
    const lines = (await readFile(join(store.directory, 'messages.jsonl'), 'utf8')).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).text)).toEqual(['one', 'two']);
  });

  it('loses no acknowledged message when the agent is killed with SIGKILL mid-stream', async () => {
    const writer = fileURLToPath(new URL('./simulator/journal-writer.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', writer, store.directory], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const acknowledged: string[] = [];
    await new Promise<void>((resolve) => {
      let buffer = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        acknowledged.push(...lines);
        if (acknowledged.length >= 50 && !child.killed) child.kill('SIGKILL');
      });
      child.once('exit', () => resolve());
    });
    const reopened = await Journal.open(store.directory);
    const kept = new Set(reopened.pending().map((e) => e.id));
    expect(acknowledged.length).toBeGreaterThanOrEqual(50);
    for (const id of acknowledged) expect(kept.has(id)).toBe(true);
    await reopened.close();
  });
});
