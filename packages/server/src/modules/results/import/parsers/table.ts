import type * as CsvParse from 'csv-parse/sync';
import { onFirstUse } from '../../../../lib/on-first-use.js';
import { refuse } from './refusal.js';

export type Delimiter = ';' | '\t' | ',';

/** One line of a delimited file: its 1-based line number and its trimmed cells. */
export interface TableLine {
  line: number;
  /** The cells, trimmed, without the empty ones that end the line. */
  cells: string[];
  /** How many cells the writer wrote, the empty ones that end the line included (`a;b;;` is 4). */
  width: number;
  /** Whether a line break follows: only the file's last line can lack one. */
  ended: boolean;
}

const csvParse = onFirstUse<typeof CsvParse>('csv-parse/sync');

const DELIMITERS: Delimiter[] = [';', '\t', ','];

function countOutsideQuotes(text: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && character === delimiter) count++;
  }
  return count;
}

/**
 * The delimiter that splits the first non-empty lines most often and most evenly: a `,` file with
 * decimal commas in quoted cells stays `,`; a `;` file with decimal commas stays `;`.
 */
export function detectDelimiter(text: string): Delimiter {
  const sample = text
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== '')
    .slice(0, 30);
  let best: Delimiter = ',';
  let bestScore = -1;
  for (const delimiter of DELIMITERS) {
    const counts = sample.map((line) => countOutsideQuotes(line, delimiter));
    const splitting = counts.filter((count) => count > 0).length;
    const score = splitting * 1000 + Math.min(...counts.filter((count) => count > 0), 999);
    if (splitting > 0 && score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Reads a delimited text into lines of trimmed cells: quoted fields, CRLF/LF/CR, ragged lines and
 * trailing blank columns are accepted; blank lines are kept as lines without cells so that
 * sectioned exports can see where a block ends.
 */
export function readTable(text: string, delimiter: Delimiter = detectDelimiter(text)): TableLine[] {
  // Loaded outside the try: a library that cannot load is the server's fault, not the file's.
  const { parse } = csvParse();
  let parsed: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // With `info`, csv-parse returns each record with its position; its types do not say so.
    parsed = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      info: true,
      quote: delimiter === '\t' ? false : '"',
    }) as unknown as typeof parsed;
  } catch (error) {
    const { lines: line = 0, code } = error as { lines?: number; code?: string };
    // A file that ends inside a quoted cell was cut there (Varian and Excel quote every text).
    if (code === 'CSV_QUOTE_NOT_CLOSED') return refuse(line, null, 'truncatedLine');
    return refuse(line, null, 'unreadable', error instanceof Error ? error.message : String(error));
  }
  // A file saved whole ends with a line break on most systems; one cut short (a transfer or a copy
  // interrupted) ends inside its last line, which the families then check (`refuseIfCut`).
  const endsWithBreak = /[\r\n]$/.test(text);
  return parsed.map(({ record, info }, index) => {
    const cells = record.map((cell) => cell.trim());
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    return {
      line: info.lines,
      cells,
      width: record.length,
      ended: endsWithBreak || index < parsed.length - 1,
    };
  });
}

export const isBlank = (line: TableLine) => line.cells.length === 0;
