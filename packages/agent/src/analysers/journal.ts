import { createHash, randomUUID } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, readFile, rename, rm, truncate } from 'node:fs/promises';
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
/** Acknowledgements between two compactions of the journal. */
const COMPACT_EVERY = 1000;

/** The steps of a compaction, each on disk when named (tests stop it there, as a crash would). */
export type CompactionStep = 'written' | 'renamed' | 'forwardedCleared';

export interface JournalOptions {
  /** Compacts once this many messages were acknowledged since the last compaction. */
  compactEvery?: number;
  /** How many of the latest messages are remembered for an analyser's repeats. */
  remember?: number;
  /** Called after each step of a compaction (tests throw there to play a crash). */
  afterStep?(step: CompactionStep): void | Promise<void>;
}

/**
 * A forwarded message kept after a compaction without its text: its id, analyser and hash, so that
 * an analyser's repeat of it is still recognised (and not stored twice) after a restart.
 */
type Seen = Omit<JournalEntry, 'text'> & { forwarded: true };

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
 * survives a restart or a kill -9. Every so many acknowledgements the journal is compacted (the
 * forwarded messages' text dropped, crash-safe), so that its size follows what is pending, not the
 * length of the run.
 */
export class Journal {
  private tail: Promise<unknown> = Promise.resolve();
  /** The latest messages by analyser and text, oldest first (a Map keeps its insertion order). */
  private readonly recent = new Map<string, Promise<JournalEntry>>();
  /** The latest messages on disk, by id, oldest first: what a compaction keeps of the forwarded ones. */
  private readonly written = new Map<string, JournalEntry>();
  /** Acknowledged since the last compaction (the lines of the acknowledgements' file). */
  private acknowledged = 0;
  private readonly remembered: number;

  private constructor(
    private readonly directory: string,
    private messages: FileHandle,
    private forwarded: FileHandle,
    private readonly waiting: Map<string, JournalEntry>,
    private seq: number,
    latest: JournalEntry[],
    private readonly options: JournalOptions,
  ) {
    this.remembered = options.remember ?? REPEATS_REMEMBERED;
    for (const entry of latest) {
      this.remember(repeatKey(entry.analyser, entry.sha256), Promise.resolve(entry));
      this.keepWritten(entry);
    }
  }

  static async open(directory: string, options: JournalOptions = {}): Promise<Journal> {
    await mkdir(directory, { recursive: true });
    // A compaction stopped before its rename left its new file: the old one is still the journal.
    await rm(join(directory, `${MESSAGES}.new`), { force: true });
    await rm(join(directory, `${FORWARDED}.new`), { force: true });
    const lines = (await readLines(join(directory, MESSAGES))).map(
      (line) => JSON.parse(line) as JournalEntry | Seen,
    );
    const entries = lines.map((entry) => ('forwarded' in entry ? { ...entry, text: '' } : entry));
    const acknowledgements = (await readLines(join(directory, FORWARDED))).map(
      (line) => JSON.parse(line).id as string,
    );
    const done = new Set([
      ...acknowledgements,
      ...lines.filter((entry) => 'forwarded' in entry).map((entry) => entry.id),
    ]);
    const waiting = new Map(entries.filter((entry) => !done.has(entry.id)).map((entry) => [entry.id, entry]));
    const messages = await open(join(directory, MESSAGES), 'a');
    const forwarded = await open(join(directory, FORWARDED), 'a');
    await syncDirectory(directory);
    const latest = entries.slice(-(options.remember ?? REPEATS_REMEMBERED));
    const journal = new Journal(
      directory,
      messages,
      forwarded,
      waiting,
      entries.at(-1)?.seq ?? 0,
      latest,
      options,
    );
    // Acknowledgements left from before (a compaction cut short, or none since a long run).
    journal.acknowledged = acknowledgements.length;
    return journal;
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
      this.keepWritten(entry);
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
      this.acknowledged += ids.length;
      if (this.acknowledged >= (this.options.compactEvery ?? COMPACT_EVERY)) await this.compact();
    });
  }

  /**
   * Rewrites the journal without what the server has: the pending messages whole, the latest
   * others without their text (an analyser's repeat is still recognised), in order. Crash-safe: the
   * new file is written and fsynced beside the journal, then renamed over it (the directory
   * fsynced), and only then are the acknowledgements cleared the same way. Stopped anywhere, the
   * journal reopens with the same pending messages: before the rename the old files stand; after it,
   * the new file says itself which messages were forwarded.
   */
  private async compact(): Promise<void> {
    const step = async (name: CompactionStep) => this.options.afterStep?.(name);
    // Only what is on disk already: an append waiting behind this compaction is written after it.
    const seen = new Map<string, JournalEntry | Seen>();
    for (const entry of this.written.values())
      if (!this.waiting.has(entry.id)) {
        const { text: _text, ...rest } = entry;
        seen.set(entry.id, { ...rest, forwarded: true });
      }
    for (const entry of this.waiting.values()) seen.set(entry.id, entry);
    const lines = [...seen.values()]
      .sort((a, b) => a.seq - b.seq)
      .map((entry) => `${JSON.stringify(entry)}\n`);
    const next = join(this.directory, `${MESSAGES}.new`);
    const written = await open(next, 'w');
    try {
      await written.write(lines.join(''));
      await written.sync();
    } finally {
      await written.close();
    }
    await step('written');
    await rename(next, join(this.directory, MESSAGES));
    await syncDirectory(this.directory);
    await this.messages.close();
    this.messages = await open(join(this.directory, MESSAGES), 'a');
    await step('renamed');
    const cleared = join(this.directory, `${FORWARDED}.new`);
    await (await open(cleared, 'w')).close();
    await rename(cleared, join(this.directory, FORWARDED));
    await syncDirectory(this.directory);
    await this.forwarded.close();
    this.forwarded = await open(join(this.directory, FORWARDED), 'a');
    this.acknowledged = 0;
    await step('forwardedCleared');
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

  private keepWritten(entry: JournalEntry): void {
    this.written.set(entry.id, entry);
    if (this.written.size > this.remembered) {
      const oldest = this.written.keys().next().value;
      if (oldest !== undefined) this.written.delete(oldest);
    }
  }

  private remember(key: string, entry: Promise<JournalEntry>): void {
    this.recent.set(key, entry);
    if (this.recent.size > this.remembered) {
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
