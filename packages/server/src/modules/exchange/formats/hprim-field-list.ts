/**
 * HPRIM Santé 2.2's result message (ORU) as its field list defines it, read independently of the
 * builder (hprim.ts): the tests check every exported file against it. Numbers follow the
 * standard's own (H 7.x, P 8.x, OBR 9.x, OBX 10.x, C 12.x, L 14.x): the record's name is field 1,
 * so `P|1|` puts the sequence number in P 8.2. Each field has a maximum length, a number of
 * components, whether it repeats, and where the standard lists them, its allowed values. The
 * delimiters are read from the header as the standard orders them: field, component, repetition,
 * escape, sub-component (`H|~^\&`: components split by `~`, repetitions by `^`).
 */

type Kind = 'text' | 'integer' | 'number' | 'timestamp' | 'unused';

interface FieldRule {
  max?: number;
  kind?: Kind;
  required?: boolean;
  /** How many components the field may hold (1 when absent). */
  components?: number;
  /** How many leading components must be filled when the field is. */
  requiredComponents?: number;
  repeats?: boolean;
  values?: readonly string[];
  /** Allowed values of the first component. */
  firstComponent?: readonly string[];
  secondComponent?: readonly string[];
}

const TS = { kind: 'timestamp', max: 26 } as const;
const unused = { kind: 'unused' } as const;

/** HL7 table 0078 as HPRIM lists it for OBX 10.9. */
const ABNORMAL_FLAGS = [
  'L',
  'H',
  'LL',
  'HH',
  '<',
  '>',
  'N',
  'A',
  'AA',
  'null',
  'U',
  'D',
  'B',
  'W',
  'R',
  'I',
  'S',
  'MS',
  'VS',
] as const;
const OBX_VALUE_TYPES = [
  'NM',
  'CE',
  'ST',
  'TX',
  'GC',
  'FIC',
  'AD',
  'CK',
  'CNA',
  'DT',
  'PN',
  'TN',
  'GB',
  'GN',
];

const RECORDS: Record<string, Record<number, FieldRule>> = {
  H: {
    3: { max: 12 },
    4: { max: 12 },
    5: { max: 40, required: true, components: 2, requiredComponents: 2 },
    6: { max: 100, components: 6 },
    7: { required: true, values: ['ORU', 'ADM', 'FAC', 'REG', 'ORM'] },
    8: { max: 40, repeats: true },
    9: { max: 40 },
    10: { max: 40, required: true, components: 2, requiredComponents: 2 },
    11: { max: 80 },
    12: { required: true, values: ['P', 'D', 'T'] },
    13: {
      required: true,
      components: 2,
      firstComponent: ['H2.0', 'H2.1', 'H2.2'],
      secondComponent: ['C', 'L', 'R'],
    },
    14: { ...TS, required: true },
  },
  P: {
    2: { kind: 'integer', max: 4 },
    3: { max: 36, components: 3 },
    4: { max: 16 },
    5: { max: 16 },
    6: { max: 48, components: 6 },
    7: { max: 24 },
    8: TS,
    9: { values: ['M', 'F', 'U'] },
    10: unused,
    11: { max: 200, components: 6 },
    12: { max: 120 },
    13: { max: 40, repeats: true },
    14: { max: 60, components: 3, repeats: true },
    15: { max: 60 },
    16: { max: 60 },
    17: { kind: 'number', max: 10 },
    18: { kind: 'number', max: 10 },
    19: { max: 200, components: 6, repeats: true },
    20: { max: 200, repeats: true },
    21: { max: 200 },
    22: { max: 60 },
    23: { max: 60 },
    24: { ...TS, repeats: true },
    25: { values: ['OP', 'IP', 'ER', 'PA', 'MP'] },
    26: { max: 100, components: 8 },
    27: { max: 100 },
    28: unused,
    29: { max: 2 },
    30: { max: 20 },
    31: { max: 20 },
    32: { max: 20 },
    33: TS,
    34: TS,
  },
  OBR: {
    2: { kind: 'integer', max: 4, required: true },
    3: { max: 23, components: 2 },
    4: { max: 23, components: 2 },
    5: { components: 6, repeats: true },
    6: { max: 2, repeats: true },
    7: TS,
    8: { ...TS, repeats: true },
    9: TS,
    10: { max: 20 },
    11: { max: 60, components: 3 },
    12: { max: 1 },
    13: { max: 60, components: 2 },
    14: { max: 300 },
    15: TS,
    16: { max: 300, components: 3 },
    17: { max: 60, components: 6 },
    18: { max: 40, repeats: true },
    19: { max: 60 },
    20: { max: 60 },
    21: { max: 60 },
    22: { max: 60 },
    23: TS,
    24: unused,
    25: { max: 10, components: 2 },
    26: { values: ['F', 'P', 'M', 'I', 'R', 'C', 'O', 'D', 'X'] },
    27: unused,
    28: unused,
    29: { max: 150, components: 3, repeats: true },
    30: { max: 150, components: 4 },
    31: { values: ['PORT', 'CART', 'WHLC', 'WALK'] },
    32: { max: 300, repeats: true },
    33: { max: 60, components: 3 },
    34: { max: 60, components: 3 },
    35: { max: 60, components: 3 },
    36: { max: 60, components: 3 },
    37: TS,
  },
  OBX: {
    2: { kind: 'integer', max: 10, required: true },
    3: { required: true, values: OBX_VALUE_TYPES },
    4: { max: 200, required: true, components: 6, requiredComponents: 1 },
    5: { max: 10 },
    // 10.6, the value, is checked against its type (10.3) below.
    6: { components: 3, repeats: true },
    7: { max: 20 },
    8: { max: 60, repeats: true },
    9: { values: ABNORMAL_FLAGS, repeats: true },
    10: { kind: 'number', max: 5 },
    11: { values: ['A', 'S', 'R', 'N'], repeats: true },
    12: { values: ['R', 'P', 'F', 'C', 'I', 'D', 'X', 'U'] },
    13: TS,
    14: { max: 20 },
    15: TS,
    16: { max: 60, components: 6 },
    17: { max: 60 },
  },
  C: {
    2: { kind: 'integer', max: 10, required: true },
    3: { values: ['P', 'L'] },
    4: { repeats: true },
  },
  L: {
    2: { kind: 'integer', max: 1 },
    3: unused,
    4: { kind: 'integer', max: 4 },
    5: { kind: 'integer', max: 10 },
    6: { max: 12 },
  },
};

const FIELD_COUNT: Record<string, number> = Object.fromEntries(
  Object.entries(RECORDS).map(([name, fields]) => [name, Math.max(...Object.keys(fields).map(Number))]),
);

const PATTERNS: Record<Exclude<Kind, 'text' | 'unused'>, RegExp> = {
  integer: /^\d+$/,
  number: /^[+-]?(\d+(\.\d*)?|\.\d+)$/,
  timestamp: /^\d{6}(\d{2}(\d{4}(\d{2})?)?)?$/,
};

interface Delimiters {
  field: string;
  component: string;
  repetition: string;
}

/** The records of a message with their continuation records ('A|') joined back. */
function joinedRecords(text: string): string[] {
  const records: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === '') continue;
    if (line.startsWith('A|') && records.length > 0) records[records.length - 1] += line.slice(2);
    else records.push(line);
  }
  return records;
}

function checkField(where: string, value: string, rule: FieldRule, d: Delimiters): string[] {
  const problems: string[] = [];
  if (value === '') return rule.required ? [`${where} is required`] : [];
  if (rule.kind === 'unused') return [`${where} is not used by HPRIM and must stay empty`];
  if (rule.max !== undefined && value.length > rule.max)
    problems.push(`${where} holds ${value.length} characters, at most ${rule.max}`);
  const repetitions = value.split(d.repetition);
  if (repetitions.length > 1 && !rule.repeats) problems.push(`${where} does not repeat`);
  for (const repetition of repetitions) {
    const components = repetition.split(d.component);
    if (components.length > (rule.components ?? 1))
      problems.push(`${where} has ${components.length} components, at most ${rule.components ?? 1}`);
    for (let at = 0; at < (rule.requiredComponents ?? 0); at += 1)
      if (!components[at]) problems.push(`${where}.${at + 1} is required`);
    const [first = '', second = ''] = components;
    if (rule.values && !rule.values.includes(repetition))
      problems.push(`${where} '${repetition}' is not allowed`);
    if (rule.firstComponent && !rule.firstComponent.includes(first))
      problems.push(`${where}.1 '${first}' is not allowed`);
    if (rule.secondComponent && !rule.secondComponent.includes(second))
      problems.push(`${where}.2 '${second}' is not allowed`);
    if (rule.kind && rule.kind !== 'text' && !PATTERNS[rule.kind].test(repetition))
      problems.push(`${where} '${repetition}' is not a ${rule.kind}`);
  }
  return problems;
}

/** OBX 10.6 by its type 10.3: a number for NM, code^label^system for CE, text otherwise. */
function checkValue(where: string, type: string, value: string, d: Delimiters): string[] {
  if (type === 'NM' && value !== '' && !PATTERNS.number.test(value))
    return [`${where} '${value}' is not a number`];
  if (type === 'CE' && value.split(d.component).length > 3) return [`${where} has more than 3 components`];
  if (type !== 'CE' && type !== 'GC' && type !== 'FIC' && value.split(d.component).length > 1)
    return [`${where} of type ${type} has components`];
  return [];
}

/** The order HPRIM gives a result message: H, then per patient P C* (OBR C* (OBX C*)+)+, then L. */
function checkOrder(names: string[]): string[] {
  const shape = names.map((name) => (name === 'OBR' ? 'R' : name === 'OBX' ? 'X' : name)).join('');
  return /^H(PC*(RC*(XC*)+)+)*L$/.test(shape)
    ? []
    : [`records in an order HPRIM does not allow: ${names.join(' ')}`];
}

/** Every way `text` departs from HPRIM Santé 2.2's field list; none for a conforming message. */
export function hprimProblems(text: string): string[] {
  const records = joinedRecords(text);
  const header = records[0] ?? '';
  if (!header.startsWith('H') || header.length < 6) return ['the message does not start with a header H'];
  const d: Delimiters = {
    field: header.charAt(1),
    component: header.charAt(2),
    repetition: header.charAt(3),
  };
  const problems = checkOrder(records.map((record) => record.split(d.field)[0] ?? ''));
  records.forEach((record, index) => {
    const fields = record.split(d.field);
    const name = fields[0] ?? '';
    const rules = RECORDS[name];
    if (!rules) {
      problems.push(`record ${index + 1}: '${name}' is not an HPRIM result record`);
      return;
    }
    // The header's field 2 holds the delimiters themselves.
    const first = name === 'H' ? 3 : 2;
    const count = FIELD_COUNT[name] ?? 0;
    if (fields.length > count) problems.push(`${name} has ${fields.length} fields, at most ${count}`);
    for (let number = first; number <= count; number += 1) {
      const rule = rules[number];
      const value = fields[number - 1] ?? '';
      const where = `${name} ${index + 1} field ${number}`;
      if (rule) problems.push(...checkField(where, value, rule, d));
      else if (value !== '') problems.push(`${where} is not in the field list`);
    }
    if (name === 'OBX')
      problems.push(...checkValue(`OBX ${index + 1} field 6`, fields[2] ?? '', fields[5] ?? '', d));
  });
  return problems;
}

/** The fields of one record as a reader following the header's delimiters splits them. */
export function readHprimRecords(text: string): Array<{ name: string; field: (n: number) => string[] }> {
  const records = joinedRecords(text);
  const header = records[0] ?? '';
  const d: Delimiters = {
    field: header.charAt(1),
    component: header.charAt(2),
    repetition: header.charAt(3),
  };
  return records.map((record) => {
    const fields = record.split(d.field);
    return { name: fields[0] ?? '', field: (n: number) => (fields[n - 1] ?? '').split(d.component) };
  });
}
