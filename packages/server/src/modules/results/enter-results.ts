import { referencesOf, resultPatientOf, SAMPLE_STATUS } from '@sil/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/open.js';
import { results } from '../../db/schema/results.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { toIso } from '../../lib/time.js';
import { writeTransaction } from '../../lib/transaction.js';
import { assertEditable, completeFinishedSamples, sampleInLaboratory } from '../records/index.js';
import { type ResultAuthor, recalculateRecord } from './calculation.js';
import { ensureResultMonths, parametersOfSample, recordAndPatientOf, resultsOfSample } from './queries.js';
import { REWRITTEN_COLUMNS, storedReading } from './reading.js';
import { sampleResults } from './sample-results.js';

const sameStamp = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

export interface ResultLineInput {
  parameter_id: string;
  result_value?: number | null | undefined;
  result_text?: string | null | undefined;
  result_last_updated?: string | null | undefined;
  /** An analyser's marks (issue 41): when it measured the value and the flags it gave. */
  result_run_at?: string | null;
  result_analyser_flags?: string[] | null;
}

export interface EnterOptions {
  /**
   * An analyser's value replaces a stored one without the stamp a person read (it measured the
   * tube again); never on a validated sample, which the rules below and the database refuse.
   */
  replaceUnread?: boolean;
}

/**
 * Enters, changes or removes results of one sample in one transaction: each line is read with
 * the contract's rules (formula, range, flags) and stored with that reading. A line whose stamp
 * is not the stored one (a colleague saved first) refuses the whole save (staleUpdate), and so
 * does a parameter the sample does not measure, or one calculated from other results
 * (resultIsCalculated). The record's calculated results then follow, in the same transaction
 * (calculation.ts), and a sample whose analyses are then all done with completes itself, its record
 * following (records' completeFinishedSamples). A validated sample's results change only through
 * invalidation (resultValidated; the database refuses it too).
 */
export async function enterResults(
  db: Db,
  auth: Authenticated,
  input: { sample_id: string; results: ResultLineInput[] },
) {
  const laboratoryId = auth.user.laboratory_id;
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const author = { result_entered_by: auth.user.admin_uid, result_machine: null };
    await writeSampleResults(tx, laboratoryId, author, input);
    return sampleResults(tx, laboratoryId, input.sample_id);
  });
}

/**
 * The bench's rules inside the caller's transaction: the one path of every result, typed on the
 * bench or sent by an analyser (the analysers module calls it with the machine as author).
 */
export async function writeSampleResults(
  tx: Tx,
  laboratoryId: string,
  author: ResultAuthor,
  input: { sample_id: string; results: ResultLineInput[] },
  options: EnterOptions = {},
): Promise<void> {
  const sample = await sampleInLaboratory(tx, laboratoryId, input.sample_id);
  const { record, patient } = await recordAndPatientOf(tx, sample.sample_record);
  assertEditable(record);
  if (sample.sample_status >= SAMPLE_STATUS.validated) fail('resultValidated');
  const conditions = resultPatientOf({
    patient,
    record,
    sampleCollectedAt: sample.sample_collection_datetime,
  });
  const measured = new Map(
    (await parametersOfSample(tx, laboratoryId, sample.sample_analyses)).map((line) => [
      line.parameter.parameter_id,
      line.parameter,
    ]),
  );
  const stored = new Map(
    (await resultsOfSample(tx, sample.sample_id, record.record_created)).map((row) => [
      row.result_parameter,
      row,
    ]),
  );
  // Every line is checked and read first; then one statement removes and one writes them all.
  const removed: string[] = [];
  const written: Array<typeof results.$inferInsert> = [];
  for (const line of input.results) {
    const parameter = measured.get(line.parameter_id);
    if (!parameter) return fail('parameterNotInSample', { parameter_id: line.parameter_id });
    if (referencesOf(parameter).length > 0) fail('resultIsCalculated', { parameter_id: line.parameter_id });
    const existing = stored.get(line.parameter_id);
    const readStamp = line.result_last_updated ?? null;
    const stale = existing
      ? readStamp === null || !sameStamp(readStamp, existing.result_last_updated)
      : readStamp !== null;
    if (stale && !(options.replaceUnread && readStamp === null)) {
      fail('staleUpdate', {
        parameter_id: line.parameter_id,
        current_last_updated: existing ? toIso(existing.result_last_updated) : null,
      });
    }
    const text = line.result_text?.trim() || null;
    const value = line.result_value ?? null;
    if (value === null && text === null) {
      if (existing) removed.push(existing.result_id);
      continue;
    }
    written.push({
      ...storedReading(parameter, conditions, sample.sample_matrix, value, text),
      ...author,
      result_run_at: line.result_run_at ?? null,
      result_analyser_flags: line.result_analyser_flags ?? null,
      laboratory_id: laboratoryId,
      result_sample: sample.sample_id,
      result_parameter: line.parameter_id,
      result_record_created: record.record_created,
    });
  }
  // In the record's month, named: by its id alone, a result was looked for in every month.
  if (removed.length > 0)
    await tx
      .delete(results)
      .where(
        and(inArray(results.result_id, removed), eq(results.result_record_created, record.record_created)),
      );
  if (written.length > 0) {
    await ensureResultMonths(tx, [record.record_created]);
    // A result entered before is updated in place (the trail records an update, old and new).
    await tx
      .insert(results)
      .values(written)
      .onConflictDoUpdate({
        target: [results.result_sample, results.result_parameter, results.result_record_created],
        set: Object.fromEntries(REWRITTEN_COLUMNS.map((column) => [column, sql.raw(`excluded.${column}`)])),
      });
  }
  await recalculateRecord(tx, laboratoryId, author, { record, patient });
  await completeFinishedSamples(tx, record.record_id);
}
