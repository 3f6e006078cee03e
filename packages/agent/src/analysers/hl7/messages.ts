import { type AckCode, Hl7Context, Hl7Message, Hl7Segment } from '@medplum/core';

/** The IHE Laboratory Analytical Workflow messages the gateway takes in, and everything else. */
export type Hl7Kind = 'OUL^R22' | 'ORU^R01' | 'QBP^Q11' | 'RSP^K11' | 'OML^O33' | 'ACK' | 'other';

export interface Hl7Reading {
  message: Hl7Message;
  kind: Hl7Kind;
  type: string;
  controlId: string;
  version: string;
  /** MSH-15 given: enhanced acknowledgement (CA/CE/CR) instead of the original mode (AA/AE/AR). */
  enhanced: boolean;
  /** MSH-15 'NE': the sender wants no accept acknowledgement. */
  noAck: boolean;
}

const KINDS: Hl7Kind[] = ['OUL^R22', 'ORU^R01', 'QBP^Q11', 'RSP^K11', 'OML^O33'];

/** MSH-18 names the character set; without it HL7 means ASCII, which UTF-8 reads as well. */
export function decodeHl7(body: Buffer): string {
  const preview = body.subarray(0, 512).toString('latin1');
  return /\|8859\/1|\|ISO[-_ ]?8859/i.test(preview) ? body.toString('latin1') : body.toString('utf8');
}

export function encodeHl7(text: string): Buffer {
  return Buffer.from(text.replace(/\r?\n/g, '\r'), /\|8859\/1/.test(text.slice(0, 512)) ? 'latin1' : 'utf8');
}

export function readHl7(text: string): Hl7Reading {
  const message = Hl7Message.parse(text.replace(/^\s+/, ''));
  const msh = message.getSegment('MSH');
  if (!msh) throw new Error('no MSH segment');
  const code = msh.getField(9)?.getComponent(1) ?? '';
  const event = msh.getField(9)?.getComponent(2) ?? '';
  const type = event ? `${code}^${event}` : code;
  if (!code) throw new Error('MSH-9 gives no message type');
  const accept = msh.getField(15)?.toString() ?? '';
  return {
    message,
    kind: code === 'ACK' ? 'ACK' : (KINDS.find((kind) => kind === type) ?? 'other'),
    type,
    controlId: msh.getField(10)?.toString() ?? '',
    version: msh.getField(12)?.toString() ?? '',
    enhanced: accept !== '',
    noAck: accept === 'NE',
  };
}

const HL7_ERROR = {
  unsupported: ['200', 'Unsupported message type'],
  unreadable: ['102', 'Data type error'],
  stored: ['207', 'Application internal error'],
} as const;

/**
 * The acknowledgement of a received message: accepted once journaled (AA, or CA in enhanced mode),
 * refused (AR/CR) when it cannot be read or is of a type the gateway does not take, error (AE/CE)
 * when it could not be kept. A message too broken to read is answered from a blank header.
 */
export function buildAck(
  reading: Hl7Reading | null,
  outcome: 'accepted' | 'refused' | 'error',
  reason?: keyof typeof HL7_ERROR,
): string {
  const enhanced = reading?.enhanced ?? false;
  const codes = {
    accepted: enhanced ? 'CA' : 'AA',
    refused: enhanced ? 'CR' : 'AR',
    error: enhanced ? 'CE' : 'AE',
  };
  const ackCode = codes[outcome] as AckCode;
  const context = reading?.message.context ?? new Hl7Context();
  const err = reason
    ? new Hl7Segment(['ERR', '', '', `${HL7_ERROR[reason][0]}^${HL7_ERROR[reason][1]}^HL70357`, 'E'], context)
    : undefined;
  const original =
    reading?.message ?? new Hl7Message([new Hl7Segment(['MSH', context.getMsh2()], context)], context);
  return original.buildAck({ ackCode, errSegment: err }).toString();
}
