import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CompactionStep, Journal } from './journal.js';
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

  it('compacts once messages are acknowledged: the pending kept whole, the size bounded over a long run', async () => {
    await store.journal.close();
    const journal = await Journal.open(store.directory, { compactEvery: 50, remember: 100 });
    store.journal = journal;
    const text = (i: number) => `H|\\^&\rR|1|^^^GLU|${i}|${'x'.repeat(2000)}\rL|1|N\r`;
    const pending: string[] = [];
    let lastForwarded = '';
    for (let i = 0; i < 1000; i++) {
      const entry = await journal.append('analyser-1', 'astm', text(i));
      if (i % 10 === 0) pending.push(entry.id);
      else {
        await journal.markForwarded([entry.id]);
        lastForwarded = entry.id;
      }
    }
    const file = join(store.directory, 'messages.jsonl');
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    // The pending 100, the latest 100 forwarded without their text, fewer than 50 not compacted yet.
    expect(lines.length).toBeLessThanOrEqual(100 + 100 + 50);
    expect((await stat(file)).size).toBeLessThan(400_000); // 1,000 whole messages: over 2 MB
    const acknowledgements = (await readFile(join(store.directory, 'forwarded.jsonl'), 'utf8')).trim();
    expect(acknowledgements.split('\n').filter(Boolean).length).toBeLessThan(50);
    await journal.close();

    store.journal = await Journal.open(store.directory, { compactEvery: 50, remember: 100 });
    expect(store.journal.pending().map((entry) => entry.id)).toEqual(pending);
    expect(store.journal.pending()[1]?.text).toBe(text(10));
    // A forwarded message the analyser sends again (its ACK lost) is still known, not kept twice.
    expect((await store.journal.append('analyser-1', 'astm', text(999))).id).toBe(lastForwarded);
    expect(store.journal.pending()).toHaveLength(100);
    expect((await store.journal.append('analyser-1', 'astm', 'new')).seq).toBe(1001);
  });

  for (const step of ['written', 'renamed', 'forwardedCleared'] as CompactionStep[]) {
    it(`reopens with the same pending messages after a crash once the compaction is ${step}`, async () => {
      const directory = await mkdtemp(join(tmpdir(), 'sil-journal-crash-'));
      try {
        const crashing = await Journal.open(directory, {
          compactEvery: 10,
          afterStep: (at) => {
            if (at === step) throw new Error(`crash after ${at}`);
          },
        });
        const entries = [];
        for (let i = 0; i < 30; i++)
          entries.push(await crashing.append('analyser-1', 'astm', `message ${i}`));
        const forwarded = entries.filter((_, i) => i % 3 === 0).map((entry) => entry.id);
        await crashing.markForwarded(forwarded.slice(0, 5));
        // The tenth acknowledgement starts a compaction, which the crash stops at this step.
        await expect(crashing.markForwarded(forwarded.slice(5))).rejects.toThrow(`crash after ${step}`);
        await crashing.close();

        const reopened = await Journal.open(directory, { compactEvery: 10 });
        const left = entries.filter((entry) => !forwarded.includes(entry.id));
        expect(reopened.pending().map((entry) => [entry.id, entry.text])).toEqual(
          left.map((entry) => [entry.id, entry.text]),
        );
        expect((await readdir(directory)).sort()).toEqual(['forwarded.jsonl', 'messages.jsonl']);
        // What was forwarded before the crash is still recognised when the analyser repeats it.
        expect((await reopened.append('analyser-1', 'astm', 'message 3')).id).toBe(entries[3]?.id);
        expect((await reopened.append('analyser-1', 'astm', 'message 30')).seq).toBe(31);
        // The next compaction goes through and changes nothing of what is pending.
        await reopened.markForwarded(left.slice(0, 10).map((entry) => entry.id));
        await reopened.close();
        const last = await Journal.open(directory);
        expect(last.pending().map((entry) => entry.text)).toEqual([
          ...left.slice(10).map((entry) => entry.text),
          'message 30',
        ]);
        expect((await readFile(join(directory, 'forwarded.jsonl'), 'utf8')).trim()).toBe('');
        await last.close();
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    });
  }

  it('loses no acknowledged message and forwards none again when killed with SIGKILL while compacting', async () => {
    const writer = fileURLToPath(new URL('./simulator/journal-writer.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', writer, store.directory, 'forwarding'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const kept: string[] = [];
    const forwarded = new Set<string>();
    await new Promise<void>((resolve) => {
      let buffer = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          const [kind, id = ''] = line.split(' ');
          if (kind === 'A') kept.push(id);
          else forwarded.add(id);
        }
        if (forwarded.size >= 150 && !child.killed) child.kill('SIGKILL');
      });
      child.once('exit', () => resolve());
    });
    await store.journal.close();
    store.journal = await Journal.open(store.directory);
    const pending = new Set(store.journal.pending().map((entry) => entry.id));
    // Every other message was never forwarded: each is pending; the forwarded ones are not.
    kept.forEach((id, i) => {
      if (i % 2 === 1) expect(pending.has(id)).toBe(true);
      if (forwarded.has(id)) expect(pending.has(id)).toBe(false);
    });
    expect(forwarded.size).toBeGreaterThanOrEqual(150);
    // Compacted on the way: the acknowledgements since the last compaction only, the forwarded
    // messages kept without their text.
    const acknowledgements = (await readFile(join(store.directory, 'forwarded.jsonl'), 'utf8')).trim();
    expect(acknowledgements.split('\n').filter(Boolean).length).toBeLessThanOrEqual(20);
    const lines = (await readFile(join(store.directory, 'messages.jsonl'), 'utf8')).trim().split('\n');
    expect(lines.filter((line) => JSON.parse(line).forwarded === true).length).toBeGreaterThan(100);
  });
});
