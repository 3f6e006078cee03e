import { Hl7Context, Hl7Message, Hl7Segment } from '@medplum/core';

export interface Hl7Result {
  specimenId: string;
  /** SPM-11 'Q' (control) or 'C' (calibrator): quality control, not a patient's sample. */
  qc: boolean;
  testCode: string;
  testName: string;
  valueType: string;
  value: string;
  units: string;
  referenceRange: string;
  flags: string[];
  status: string;
  observedAt: string;
  analysedAt: string;
  equipment: string;
}

const field = (segment: Hl7Segment, n: number, c = 1) => segment.getField(n)?.getComponent(c) ?? '';

/**
 * The results of an OUL^R22 (specimen first: SPM, OBR, OBX…) or an ORU^R01 (OBR, OBX…, the specimen
 * in an SPM when there is one, else the order numbers of OBR-3/OBR-2), in the order sent.
 */
export function readResults(message: Hl7Message): Hl7Result[] {
  const results: Hl7Result[] = [];
  let specimenId = '';
  let qc = false;
  for (const segment of message.segments) {
    if (segment.name === 'SPM') {
      specimenId = field(segment, 2) || field(segment, 2, 2);
      qc = ['Q', 'C'].includes(field(segment, 11));
    } else if (segment.name === 'OBR' && !specimenId) {
      specimenId = field(segment, 3) || field(segment, 2);
    } else if (segment.name === 'OBX') {
      results.push({
        specimenId,
        qc,
        testCode: field(segment, 3),
        testName: field(segment, 3, 2),
        valueType: field(segment, 2),
        value: segment.getField(5)?.toString() ?? '',
        units: field(segment, 6),
        referenceRange: field(segment, 7),
        flags: (segment.getField(8)?.components ?? []).map((repeat) => repeat[0] ?? '').filter(Boolean),
        status: field(segment, 11),
        observedAt: field(segment, 14),
        analysedAt: field(segment, 19),
        equipment: field(segment, 18),
      });
    }
  }
  return results;
}

/** A work-order query (QBP^Q11, IHE LAW 'WOS'): the container id the analyser read, in QPD-3. */
export function readQuery(message: Hl7Message): { tag: string; specimenId: string } {
  const qpd = message.getSegment('QPD');
  return { tag: qpd ? field(qpd, 2) : '', specimenId: qpd ? field(qpd, 3) : '' };
}

export interface Hl7Order {
  specimenId: string;
  tests: { code: string; name?: string }[];
  priority?: 'S' | 'R';
}

export interface Hl7Header {
  sendingApplication: string;
  receivingApplication: string;
  /** YYYYMMDDHHMMSS */
  timestamp: string;
  controlId: string;
}

const context = new Hl7Context();
const escapeHl7 = (value: string) =>
  value.replace(
    /[\\|^~&]/g,
    (c) => ({ '\\': '\\E\\', '|': '\\F\\', '^': '\\S\\', '~': '\\R\\', '&': '\\T\\' })[c] ?? c,
  );
const segment = (...fields: string[]) => new Hl7Segment(fields, context);

function msh(h: Hl7Header, type: string): Hl7Segment {
  return segment(
    'MSH',
    context.getMsh2(),
    escapeHl7(h.sendingApplication),
    '',
    escapeHl7(h.receivingApplication),
    '',
    h.timestamp,
    '',
    type,
    escapeHl7(h.controlId),
    'P',
    '2.5.1',
    '',
    '',
    'AL',
    'NE',
  );
}

function orderSegments(order: Hl7Order): Hl7Segment[] {
  const id = escapeHl7(order.specimenId);
  return [
    segment('SPM', '1', id, '', '', '', '', '', '', '', '', 'P'),
    segment('SAC', '', '', id),
    ...order.tests.flatMap((test, index) => [
      segment('ORC', 'NW', id),
      segment(
        'OBR',
        String(index + 1),
        id,
        '',
        `${escapeHl7(test.code)}^${escapeHl7(test.name ?? '')}^99LAB`,
        order.priority ?? 'R',
      ),
    ]),
  ];
}

/** Orders sent to the analyser unasked (IHE LAW OML^O33): one specimen group per sample. */
export function buildOml33(h: Hl7Header, orders: Hl7Order[]): string {
  return new Hl7Message([msh(h, 'OML^O33^OML_O33'), ...orders.flatMap(orderSegments)], context).toString();
}

/** The answer to a QBP^Q11: QAK-2 OK with the sample's orders, NF ('no order') when there are none. */
export function buildRsp11(h: Hl7Header, query: Hl7Message, orders: Hl7Order[]): string {
  const asked = query.getSegment('MSH')?.getField(10)?.toString() ?? '';
  const qpd = query.getSegment('QPD');
  const tag = qpd ? field(qpd, 2) : '';
  return new Hl7Message(
    [
      msh(h, 'RSP^K11^RSP_K11'),
      segment('MSA', 'AA', asked),
      segment('QAK', tag, orders.length > 0 ? 'OK' : 'NF'),
      ...(qpd ? [qpd] : []),
      ...orders.flatMap(orderSegments),
    ],
    context,
  ).toString();
}
