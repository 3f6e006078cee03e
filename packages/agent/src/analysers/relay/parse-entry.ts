import type { AnalyserMessageIn, ParsedMessage, ParsedResult } from '@sil/contract';
import { readAstmMessage } from '../astm/message.js';
import { readQuery, readResults } from '../hl7/law.js';
import { readHl7 } from '../hl7/messages.js';
import type { JournalEntry } from '../journal.js';

const cut = (text: string, max: number) => text.slice(0, max);

function astmView(text: string): ParsedMessage {
  const message = readAstmMessage(text);
  const results: ParsedResult[] = message.patients.flatMap((patient) =>
    patient.orders.flatMap((order) =>
      order.results.map((result) => ({
        specimen_id: cut(order.specimenId || order.instrumentSpecimenId, 100),
        test_code: cut(result.testCode, 200),
        value: cut(result.value, 2000),
        unit: cut(result.units, 50),
        reference_range: cut(result.referenceRange, 200),
        flags: result.flags
          .filter(Boolean)
          .slice(0, 10)
          .map((flag) => cut(flag, 10)),
        status: cut(result.status, 5),
        run_at: cut(result.completedAt, 40),
        qc: order.actionCode.toUpperCase() === 'Q',
        instrument: cut(result.instrument, 200),
        comments: result.comments.slice(0, 20).map((comment) => cut(comment, 2000)),
      })),
    ),
  );
  if (results.length > 0) return { kind: 'results', results };
  const ids = message.queries.flatMap((query) => query.specimenIds);
  if (message.queries.length > 0)
    return { kind: 'query', specimen_ids: ids.slice(0, 500).map((id) => cut(id, 100)) };
  return { kind: 'other', message_type: 'astm' };
}

function hl7View(text: string): ParsedMessage {
  const reading = readHl7(text);
  if (reading.kind === 'OUL^R22' || reading.kind === 'ORU^R01') {
    return {
      kind: 'results',
      results: readResults(reading.message).map((result) => ({
        specimen_id: cut(result.specimenId, 100),
        test_code: cut(result.testCode, 200),
        test_name: cut(result.testName, 200),
        value: cut(result.value, 2000),
        unit: cut(result.units, 50),
        reference_range: cut(result.referenceRange, 200),
        flags: result.flags.slice(0, 10).map((flag) => cut(flag, 10)),
        status: cut(result.status, 5),
        run_at: cut(result.analysedAt || result.observedAt, 40),
        qc: result.qc,
        instrument: cut(result.equipment, 200),
      })),
    };
  }
  if (reading.kind === 'QBP^Q11')
    return { kind: 'query', specimen_ids: [cut(readQuery(reading.message).specimenId, 100)] };
  return { kind: 'other', message_type: cut(reading.type || reading.kind, 50) };
}

/**
 * A journal entry as the server takes it: the raw text and the agent's reading of it, read again
 * from the text (the journal keeps only what the analyser sent), or 'unreadable' with the reason.
 */
export function messageOf(entry: JournalEntry): AnalyserMessageIn {
  let parsed: ParsedMessage;
  try {
    parsed = entry.protocol === 'astm' ? astmView(entry.text) : hl7View(entry.text);
  } catch (error) {
    parsed = {
      kind: 'unreadable',
      reason: cut(error instanceof Error ? error.message : String(error), 2000),
    };
  }
  return {
    message_id: entry.id,
    machine_id: entry.analyser,
    protocol: entry.protocol,
    received_at: entry.receivedAt,
    raw_text: entry.text,
    parsed,
  };
}
