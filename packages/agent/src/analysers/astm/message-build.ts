import { buildRecord, DEFAULT_DELIMITERS, type Delimiters } from './records.js';

export interface HostOrder {
  specimenId: string;
  /** The analyser's test codes, sent as universal test ids `^^^code`. */
  tests: string[];
  priority?: 'S' | 'R';
  collectedAt?: string;
  patient?: { id: string; surname: string; firstName: string; birthDate?: string; sex?: 'M' | 'F' | 'U' };
}

export interface HostHeader {
  sender: string;
  receiver?: string;
  /** YYYYMMDDHHMMSS */
  timestamp: string;
  processingId?: 'P' | 'T' | 'D' | 'Q';
}

function header(h: HostHeader, d: Delimiters): string {
  // Fields from H.3: message id, password, sender, address, reserved, phone, characteristics, receiver,
  // comment, processing id, version, timestamp.
  return buildRecord(
    'H',
    [
      null,
      null,
      h.sender,
      null,
      null,
      null,
      null,
      h.receiver ?? null,
      null,
      h.processingId ?? 'P',
      'LIS2-A2',
      h.timestamp,
    ],
    d,
  );
}

/**
 * Orders for the analyser: H, then per specimen a P and an O (action code N new, or report type Q when it
 * answers a query), then L. Records are returned one by one, each a separate end frame on the link.
 */
export function buildOrderMessage(
  h: HostHeader,
  orders: HostOrder[],
  answer = false,
  d = DEFAULT_DELIMITERS,
): string[] {
  const records = [header(h, d)];
  orders.forEach((order, index) => {
    const p = order.patient;
    records.push(
      buildRecord(
        'P',
        [
          String(index + 1),
          p?.id ?? null,
          null,
          null,
          p ? [p.surname, p.firstName] : null,
          null,
          p?.birthDate ?? null,
          p?.sex ?? null,
        ],
        d,
      ),
    );
    records.push(
      buildRecord(
        'O',
        [
          '1',
          order.specimenId,
          null,
          order.tests.map((code) => ['', '', '', code]),
          order.priority ?? 'R',
          null,
          order.collectedAt ?? null,
          null,
          null,
          null,
          'N',
          ...new Array<null>(13).fill(null),
          answer ? 'Q' : 'O',
        ],
        d,
      ),
    );
  });
  records.push(buildRecord('L', ['1', 'N'], d));
  return records;
}

/** The answer to a host query: the specimen's orders, or 'no information' (L.3 = I) when there are none. */
export function buildQueryAnswer(h: HostHeader, orders: HostOrder[], d = DEFAULT_DELIMITERS): string[] {
  if (orders.length > 0) return buildOrderMessage(h, orders, true, d);
  return [header(h, d), buildRecord('L', ['1', 'I'], d)];
}
