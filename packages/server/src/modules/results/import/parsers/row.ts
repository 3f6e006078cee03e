import { readNumber } from './numbers.js';
import { refuse } from './refusal.js';
import type { TableLine } from './table.js';

export type RowKind = 'sample' | 'control' | 'standard' | 'blank';

/** One value read from an instrument file, whatever the family (docs/formats/instruments.md). */
export interface ImportRow {
  sampleRef: string;
  instrumentCode: string;
  valueText: string;
  valueNumber: number | null;
  censored: '<' | '>' | null;
  unit: string | null;
  line: number;
  kind: RowKind;
}

/** Builds a row from the raw cell, reading its number the French or English way. */
export function rowOf(fields: {
  sampleRef: string;
  instrumentCode: string;
  valueText: string;
  line: number;
  unit?: string | null;
  kind?: RowKind;
  number?: number | null;
}): ImportRow {
  const read = readNumber(fields.valueText);
  return {
    sampleRef: fields.sampleRef.trim(),
    instrumentCode: fields.instrumentCode.trim(),
    valueText: fields.valueText.trim(),
    valueNumber: fields.number !== undefined ? fields.number : read.value,
    censored: read.censored,
    unit: fields.unit?.trim() || null,
    line: fields.line,
    kind: fields.kind ?? 'sample',
  };
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The positions of a header's columns, found by name (case, accents and spacing folded); each
 * wanted column lists the names it goes by in the exports seen. A missing required column refuses
 * the file naming the header line and the column.
 */
export function columnsOf<Required extends string, Optional extends string = never>(
  header: TableLine,
  required: Record<Required, string[]>,
  optional?: Record<Optional, string[]>,
): Record<Required, number> & Record<Optional, number | undefined> {
  const folded = header.cells.map(fold);
  const find = (names: string[]) => {
    for (const name of names) {
      const index = folded.indexOf(fold(name));
      if (index >= 0) return index;
    }
    return undefined;
  };
  const found: Record<string, number | undefined> = {};
  for (const [key, names] of Object.entries(required) as Array<[string, string[]]>) {
    const index = find(names);
    if (index === undefined) refuse(header.line, names[0] ?? key, 'missingColumn');
    found[key] = index;
  }
  for (const [key, names] of Object.entries(optional ?? {}) as Array<[string, string[]]>) {
    found[key] = find(names);
  }
  return found as Record<Required, number> & Record<Optional, number | undefined>;
}

export const cellOf = (line: TableLine, index: number | undefined) =>
  index === undefined ? '' : (line.cells[index] ?? '');

/** The kind of a row from the instrument's own word for it (Unknown, Std, NTC, Blk, QC…). */
export function kindOf(word: string): RowKind {
  const folded = fold(word);
  if (/^(std|standard|cal)/.test(folded)) return 'standard';
  if (/^(blk|blank|ntc|neg ctrl|blanc)/.test(folded)) return 'blank';
  if (/^(qc|lcs|control|pos ctrl|ctrl)/.test(folded)) return 'control';
  return 'sample';
}

/** The first line at or after `from` whose cells satisfy `test`, or -1. */
export function findLine(lines: TableLine[], test: (line: TableLine) => boolean, from = 0): number {
  for (let index = from; index < lines.length; index++) {
    const line = lines[index];
    if (line && test(line)) return index;
  }
  return -1;
}
