/** The four delimiters an ASTM E1394 / LIS2-A2 header declares right after its 'H'. */
export interface Delimiters {
  field: string;
  repeat: string;
  component: string;
  escape: string;
}

export const DEFAULT_DELIMITERS: Delimiters = { field: '|', repeat: '\\', component: '^', escape: '&' };

/** One record; `fields[n - 1]` is field n of LIS2-A2 (field 1 is the record type, 'H', 'R'…), still escaped. */
export interface AstmRecord {
  type: string;
  fields: string[];
}

export class AstmParseError extends Error {}

/** A value in a built record: text, components, or repeats of components; null leaves the field empty. */
export type FieldValue = string | null | (string | null)[] | (string | null)[][];

export function delimitersOf(header: string): Delimiters {
  if (header[0] !== 'H' || header.length < 5)
    throw new AstmParseError('the message does not start with a header record');
  const [field = '', repeat = '', component = '', escapeChar = ''] = header.slice(1, 5);
  if (new Set([field, repeat, component, escapeChar]).size !== 4)
    throw new AstmParseError('the header repeats a delimiter');
  return { field, repeat, component, escape: escapeChar };
}

/** Records of a message: the text between CRs (a CR LF or a lone LF from a loose sender is accepted too). */
export function parseRecords(text: string): { delimiters: Delimiters; records: AstmRecord[] } {
  const lines = text.split(/\r\n|\r|\n/).filter((line) => line.length > 0);
  if (lines.length === 0) throw new AstmParseError('empty message');
  const delimiters = delimitersOf(lines[0] ?? '');
  const records = lines.map((line) => {
    const fields = line.split(delimiters.field);
    if (line[0] === 'H') {
      // H.2 is the delimiter definition itself, which the field split cut apart.
      return { type: 'H', fields: ['H', line.slice(2, 5), ...line.slice(6).split(delimiters.field)] };
    }
    return { type: (fields[0] ?? '').trim().toUpperCase(), fields };
  });
  return { delimiters, records };
}

/** Field n (1-based as in the standard), raw. */
export function rawField(record: AstmRecord, n: number): string {
  return record.fields[n - 1] ?? '';
}

/** Field n as repeats of unescaped components: `[['', '', '', 'WBC'], …]`. */
export function fieldRepeats(record: AstmRecord, n: number, d: Delimiters): string[][] {
  const raw = rawField(record, n);
  if (raw === '') return [];
  return raw
    .split(d.repeat)
    .map((repeat) => repeat.split(d.component).map((value) => unescapeText(value, d)));
}

/** Component c (1-based) of the first repeat of field n, unescaped. */
export function component(record: AstmRecord, n: number, c: number, d: Delimiters): string {
  return fieldRepeats(record, n, d)[0]?.[c - 1] ?? '';
}

export function text(record: AstmRecord, n: number, d: Delimiters): string {
  return unescapeText(rawField(record, n), d);
}

const ESCAPES = (d: Delimiters): Record<string, string> => ({
  F: d.field,
  S: d.component,
  R: d.repeat,
  E: d.escape,
});

/** LIS2-A2 escapes: &F& &S& &R& &E& for the delimiters, &Xhh…& for bytes; highlighting (&H& &N&) is dropped. */
export function unescapeText(value: string, d: Delimiters): string {
  if (!value.includes(d.escape)) return value;
  const e = d.escape.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`${e}([FSRE]|X[0-9A-Fa-f]+|[HN])${e}`, 'g');
  return value.replace(pattern, (_, code: string) => {
    if (code.startsWith('X')) return Buffer.from(code.slice(1), 'hex').toString('latin1');
    return ESCAPES(d)[code] ?? '';
  });
}

export function escapeText(value: string, d: Delimiters): string {
  let out = '';
  for (const char of value) {
    const code = Object.entries(ESCAPES(d)).find(([, delimiter]) => delimiter === char)?.[0];
    out += code ? `${d.escape}${code}${d.escape}` : char;
  }
  return out;
}

function encodeField(value: FieldValue, d: Delimiters): string {
  if (value === null) return '';
  if (typeof value === 'string') return escapeText(value, d);
  const repeats = (Array.isArray(value[0]) ? value : [value]) as (string | null)[][];
  return repeats
    .map((repeat) => repeat.map((part) => escapeText(part ?? '', d)).join(d.component))
    .join(d.repeat);
}

/** A record's text (without its CR): `buildRecord('R', ['1', ['', '', '', 'WBC'], '7.2'], d)` → `R|1|^^^WBC|7.2`. */
export function buildRecord(type: string, fields: FieldValue[], d: Delimiters = DEFAULT_DELIMITERS): string {
  const encoded = fields.map((value) => encodeField(value, d));
  while (encoded.length > 0 && encoded.at(-1) === '') encoded.pop();
  if (type === 'H') return ['H', `${d.repeat}${d.component}${d.escape}`, ...encoded].join(d.field);
  return [type, ...encoded].join(d.field);
}
