import { createHash, randomUUID } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, readFile, truncate } from 'node:fs/promises';
import { join } from 'node:path';

export type Protocol = 'astm' | 'hl7';

/** One message as an analyser sent it, kept until the server has acknowledged its id. */
export interface JournalEntry {
  id: string;
  seq: number;
  receivedAt: string;
  analyser: string;
  protocol: Protocol;
  text: string;
  /** Lets the server recognise an analyser's repeat of a message whose acknowledgement it lost. */
  sha256: string;
}

const MESSAGES = 'messages.jsonl';
const FORWARDED = 'forwarded.jsonl';
/** How many of the latest messages an analyser's repeat is looked for among. */
const REPEATS_REMEMBERED = 10_000;

const sha256Of = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const repeatKey = (analyser: string, sha256: string) => `${analyser}\n${sha256}`;

async function readLines(path: string): Promise<string[]> {
  let content: string;
  try {
    content = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const complete = content.lastIndexOf('\n') + 1;
  // A line without its newline was being written when the agent stopped: it was never fsynced, so
  // never acknowledged to the analyser, which will send it again. Cut it so appends stay whole lines.
  if (complete < content.length) await truncate(path, Buffer.byteLength(content.slice(0, complete)));
  return content.slice(0, complete).split('\n').filter(Boolean);
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Append-only journal on disk: every received message is written and fsynced before the analyser is
 * acknowledged; the ids the server confirmed go to a second append-only file. What is pending
 * survives a restart or a kill -9.
 */
export class Journal {
  private tail: Promise<unknown> = Promise.resolve();
  /** The latest messages by analyser and text, oldest first (a Map keeps its insertion order). */
  private readonly recent = new Map<string, Promise<JournalEntry>>();

  private constructor(
    private readonly messages: FileHandle,
    private readonly forwarded: FileHandle,
    private readonly waiting: Map<string, JournalEntry>,
    private seq: number,
    latest: JournalEntry[],
  ) {
    for (const entry of latest)
      this.remember(repeatKey(entry.analyser, entry.sha256), Promise.resolve(entry));
  }

  static async open(directory: string): Promise<Journal> {
    await mkdir(directory, { recursive: true });
    const entries = (await readLines(join(directory, MESSAGES))).map(
      (line) => JSON.parse(line) as JournalEntry,
    );
    const done = new Set(
      (await readLines(join(directory, FORWARDED))).map((line) => JSON.parse(line).id as string),
    );
    const waiting = new Map(entries.filter((entry) => !done.has(entry.id)).map((entry) => [entry.id, entry]));
    const messages = await open(join(directory, MESSAGES), 'a');
    const forwarded = await open(join(directory, FORWARDED), 'a');
    await syncDirectory(directory);
    const latest = entries.slice(-REPEATS_REMEMBERED);
    return new Journal(messages, forwarded, waiting, entries.at(-1)?.seq ?? 0, latest);
  }

  /**
   * Resolves once the message is on disk (fsync): only then may the analyser be acknowledged. The
   * same text from the same analyser again is its repeat of a message whose acknowledgement it never
   * got (the agent killed between the fsync and the ACK, the ACK lost with the connection): it is
   * the message already kept, under its id, so the server stores it once.
   */
  append(analyser: string, protocol: Protocol, text: string): Promise<JournalEntry> {
    const sha256 = sha256Of(text);
    const key = repeatKey(analyser, sha256);
    const kept = this.recent.get(key);
    if (kept) return kept;
    const entry: JournalEntry = {
      id: randomUUID(),
      seq: ++this.seq,
      receivedAt: new Date().toISOString(),
      analyser,
      protocol,
      text,
      sha256,
    };
    const written = this.serial(async () => {
      await this.messages.write(`${JSON.stringify(entry)}\n`);
      await this.messages.sync();
      this.waiting.set(entry.id, entry);
      return entry;
    });
    this.remember(key, written);
    // Not on disk: a repeat must be written anew, not answered with this failure.
    written.catch(() => this.recent.delete(key));
    return written;
  }

  /** The server has these messages: they are no longer pending. */
  markForwarded(ids: string[]): Promise<void> {
    return this.serial(async () => {
      await this.forwarded.write(ids.map((id) => `${JSON.stringify({ id })}\n`).join(''));
      await this.forwarded.sync();
      for (const id of ids) this.waiting.delete(id);
    });
  }

  /** Messages not yet confirmed by the server, oldest first. */
  pending(): JournalEntry[] {
    return [...this.waiting.values()].sort((a, b) => a.seq - b.seq);
  }

  async close(): Promise<void> {
    await this.tail.catch(() => undefined);
    await this.messages.close();
    await this.forwarded.close();
  }

  private remember(key: string, entry: Promise<JournalEntry>): void {
    this.recent.set(key, entry);
    if (this.recent.size > REPEATS_REMEMBERED) {
      const oldest = this.recent.keys().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
