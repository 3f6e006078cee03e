import {
  AstmParseError,
  type AstmRecord,
  component,
  type Delimiters,
  fieldRepeats,
  parseRecords,
  text,
} from './records.js';

export interface AstmResult {
  sequence: string;
  /** The analyser's test code: the local code of the universal test id (R.3, 4th component), else its first. */
  testCode: string;
  testId: string[];
  value: string;
  units: string;
  referenceRange: string;
  /** R.7 abnormal flags (L, H, LL, HH, <, >, N, A, AA…), one per repeat. */
  flags: string[];
  /** R.9: F final, C correction, P preliminary, X cannot be done, Q QC, R repeat… */
  status: string;
  operator: string;
  completedAt: string;
  instrument: string;
  comments: string[];
}

export interface AstmOrder {
  sequence: string;
  specimenId: string;
  instrumentSpecimenId: string;
  tests: string[];
  priority: string;
  collectedAt: string;
  /** O.12: Q is a quality-control specimen. */
  actionCode: string;
  reportType: string;
  results: AstmResult[];
}

export interface AstmPatient {
  sequence: string;
  practiceId: string;
  laboratoryId: string;
  name: string[];
  orders: AstmOrder[];
}

export interface AstmQuery {
  sequence: string;
  /** Q.3 starting range: `^specimen` (the second component), sometimes the first. */
  specimenIds: string[];
  tests: string[];
  /** Q.13: O requests orders, A cancels a previous query. */
  status: string;
}

export interface AstmMessage {
  delimiters: Delimiters;
  sender: string[];
  receiver: string;
  processingId: string;
  version: string;
  timestamp: string;
  patients: AstmPatient[];
  queries: AstmQuery[];
  /** L.3: N normal, T sender aborted, R receiver requested abort, E unknown error, Q/I/F query outcomes. */
  termination: string | null;
  records: AstmRecord[];
}

const testCodeOf = (id: string[]): string => id[3] || id.find((part) => part !== '') || '';

/** Reads an E1394 message (H … L); an order or result before any patient gets an anonymous patient. */
export function readAstmMessage(source: string): AstmMessage {
  const { delimiters: d, records } = parseRecords(source);
  const header = records[0];
  if (!header) throw new AstmParseError('empty message');
  const message: AstmMessage = {
    delimiters: d,
    sender: fieldRepeats(header, 5, d)[0] ?? [],
    receiver: text(header, 10, d),
    processingId: text(header, 12, d),
    version: text(header, 13, d),
    timestamp: text(header, 14, d),
    patients: [],
    queries: [],
    termination: null,
    records,
  };
  let patient: AstmPatient | undefined;
  let order: AstmOrder | undefined;
  let result: AstmResult | undefined;
  const currentPatient = () => {
    if (!patient) {
      patient = { sequence: '', practiceId: '', laboratoryId: '', name: [], orders: [] };
      message.patients.push(patient);
    }
    return patient;
  };
  for (const record of records.slice(1)) {
    switch (record.type) {
      case 'P':
        patient = {
          sequence: text(record, 2, d),
          practiceId: text(record, 3, d),
          laboratoryId: text(record, 4, d),
          name: fieldRepeats(record, 6, d)[0] ?? [],
          orders: [],
        };
        message.patients.push(patient);
        order = undefined;
        result = undefined;
        break;
      case 'O':
        order = {
          sequence: text(record, 2, d),
          specimenId: component(record, 3, 1, d),
          instrumentSpecimenId: component(record, 4, 1, d),
          tests: fieldRepeats(record, 5, d).map(testCodeOf),
          priority: text(record, 6, d),
          collectedAt: text(record, 8, d),
          actionCode: text(record, 12, d),
          reportType: text(record, 26, d),
          results: [],
        };
        currentPatient().orders.push(order);
        result = undefined;
        break;
      case 'R': {
        const testId = fieldRepeats(record, 3, d)[0] ?? [];
        result = {
          sequence: text(record, 2, d),
          testCode: testCodeOf(testId),
          testId,
          value: fieldRepeats(record, 4, d)[0]?.join(d.component) ?? '',
          units: text(record, 5, d),
          referenceRange: text(record, 6, d),
          flags: fieldRepeats(record, 7, d).map((repeat) => repeat.join(d.component)),
          status: text(record, 9, d),
          operator: component(record, 11, 1, d),
          completedAt: text(record, 13, d),
          instrument: text(record, 14, d),
          comments: [],
        };
        if (!order) throw new AstmParseError('a result record comes before any order record');
        order.results.push(result);
        break;
      }
      case 'C':
        // A comment belongs to the record just before it; only result comments are kept apart.
        result?.comments.push(
          fieldRepeats(record, 4, d)
            .map((r) => r.filter(Boolean).join(' '))
            .join(' '),
        );
        break;
      case 'Q':
        message.queries.push({
          sequence: text(record, 2, d),
          specimenIds: fieldRepeats(record, 3, d)
            .map((r) => r[1] || r[0] || '')
            .filter(Boolean),
          tests: fieldRepeats(record, 5, d).map(testCodeOf),
          status: text(record, 13, d),
        });
        break;
      case 'L':
        message.termination = text(record, 3, d);
        break;
    }
  }
  return message;
}
