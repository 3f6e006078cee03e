import { readNumber } from './numbers.js';
import { refuse } from './refusal.js';
import type { TableLine } from './table.js';

export type RowKind = 'sample' | 'control' | 'standard' | 'blank';

/**
 * What a row reads: a measured target, analyte, compound or element line (`analyte`); the
 * instrument's own verdict on the whole test, such as GeneXpert's 'Test Result' (`testResult`:
 * written as the text the instrument gave); or an internal standard of an LC/GC-MS/MS injection
 * (`internalStandard`: a quality-control value of the injection, never a patient result).
 */
export type RowRole = 'analyte' | 'testResult' | 'internalStandard';

/** An internal standard's peak in one injection: what shows the injection went well. */
export interface IstdPeak {
  area: number | null;
  retentionTime: number | null;
}

/** The peak of an internal standard from its area and retention-time cells (`-----` is none). */
export const istdPeakOf = (area: string, retentionTime: string): IstdPeak => ({
  area: readNumber(area).value,
  retentionTime: readNumber(retentionTime).value,
});

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
  role: RowRole;
  /** The internal standard's peak, for `internalStandard` rows only. */
  istd: IstdPeak | null;
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
  role?: RowRole;
  istd?: IstdPeak | null;
}): ImportRow {
  const read = readNumber(fields.valueText);
  const role = fields.role ?? (fields.istd ? 'internalStandard' : 'analyte');
  return {
    sampleRef: fields.sampleRef.trim(),
    instrumentCode: fields.instrumentCode.trim(),
    valueText: fields.valueText.trim(),
    valueNumber: fields.number !== undefined ? fields.number : read.value,
    censored: read.censored,
    unit: fields.unit?.trim() || null,
    line: fields.line,
    kind: fields.kind ?? 'sample',
    role,
    istd: role === 'internalStandard' ? (fields.istd ?? { area: null, retentionTime: null }) : null,
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

/**
 * Refuses the file's last line when no line break follows it and it lacks a cell its header names
 * (for headerless layouts, the cells the family reads), naming the line and the first cell missing;
 * nothing of the file is then written.
 *
 * An export cut during a transfer or a copy ends inside its last line: the cells it still has may
 * be cut too (`1,26` read as `1,2`), and the cell saying the row is a calibrator may be gone. Every
 * other line has a line break after it, so it was written whole even when shorter than its header:
 * writers drop the empty cells that end a line (Excel after its 16th row, hand-made files), and
 * such lines stay accepted, a missing cell read as an empty one. A last line that has all its
 * cells but no final line break (many Windows tools write none) is whole too.
 */
export function refuseIfCut(line: TableLine, header: readonly string[]): void {
  if (!line.ended && line.width < header.length)
    refuse(line.line, header[line.width] || null, 'truncatedLine');
}

/**
 * Refuses a line, wherever it is, that stops before a cell its format cannot do without: in the
 * PCR families an absent Ct or call would read as 'not detected', where the instruments write
 * `Undetermined`, `NaN`, `NA` or `Not detected` for no curve.
 */
export function refuseIfMissing(
  line: TableLine,
  header: readonly string[],
  required: ReadonlyArray<number | undefined>,
): void {
  const missing = required.find((index) => index !== undefined && index >= line.width);
  if (missing !== undefined) refuse(line.line, header[missing] || null, 'missingCell');
}

/** Vitamin D2/D3 names an analyte, not a deuterium label: 25-OH-D3, 1,25-(OH)2-D3, Vitamin D3. */
const VITAMIN_D = /(?<![a-z])(?:vit(?:amine?)?\.?|\(oh\)\d?|oh)[\s_-]*d[23](?!\d)/gi;
/** A deuterium label as the compound's suffix or prefix: THC-d3, MDMA_d5, Cocaine D3, d5-MDMA. */
const DEUTERATED = /(?:^|[\s_-])d\d{1,2}(?=$|[\s_)\]])|^d\d{1,2}[\s_-]/i;
/** A carbon-13 or nitrogen-15 label: Testosterone-13C3, [13C6]-Glucose. */
const HEAVY_ATOMS = /(?:^|\D)(?:13C|15N)\d*(?![a-z])/;
/** The software's or the laboratory's own mark: ISTD, 'LPC 20:0 (IS)', 'IS THC'. */
const MARKED = /\bISTD\b|[([]\s*IS\s*[)\]]/i;
const IS_WORD = /(?:^|[\s_-])IS(?=$|[\s_-])/;

/**
 * Whether a compound's name says it is an internal standard: the isotope-labelled analogue the
 * software divides each analyte's area by (THC-COOH-d3 for THC-COOH), or a name marked ISTD / (IS).
 * Quant tables do not say it in a column of their own (LabSolutions, MassHunter compound tables,
 * MultiQuant without its `IS` column), so the names the methods give them decide; vitamin D2/D3
 * (`25-OH-D3`) is an analyte, its own standard being `25-OH-D3-d6`.
 */
export function isInternalStandard(compound: string): boolean {
  const name = compound.trim();
  if (MARKED.test(name) || IS_WORD.test(name) || HEAVY_ATOMS.test(name)) return true;
  return DEUTERATED.test(name.replace(VITAMIN_D, ' '));
}
