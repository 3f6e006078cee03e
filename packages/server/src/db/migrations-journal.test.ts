import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FOLDER = path.resolve(import.meta.dirname, 'migrations');

interface Entry {
  idx: number;
  when: number;
  tag: string;
}
const journal = JSON.parse(readFileSync(path.join(FOLDER, 'meta', '_journal.json'), 'utf8')) as {
  entries: Entry[];
};

/**
 * The migrator applies, on a database that has run migrations already, only those dated after the
 * last one it ran: a migration written alongside another and dated before it would never reach
 * the databases that ran the other first.
 */
describe('the migrations journal', () => {
  it('lists the migrations in their order, each dated after the one before', () => {
    const { entries } = journal;
    const idx = entries.map((entry) => entry.idx);
    expect(idx).toEqual([...idx].sort((a, b) => a - b));
    const late = entries.filter((entry, index) => index > 0 && entry.when <= (entries[index - 1]?.when ?? 0));
    expect(late.map((entry) => entry.tag)).toEqual([]);
  });

  it('names every SQL file of the folder, by its number', () => {
    const files = readdirSync(FOLDER)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => name.replace(/\.sql$/, ''))
      .sort();
    expect(journal.entries.map((entry) => entry.tag)).toEqual(files);
    for (const entry of journal.entries)
      expect(entry.tag.startsWith(String(entry.idx).padStart(4, '0'))).toBe(true);
  });
});
