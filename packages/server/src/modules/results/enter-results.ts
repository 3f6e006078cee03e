import { referencesOf, resultPatientOf, SAMPLE_STATUS } from '@sil/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { results } from '../../db/schema/results.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { toIso } from '../../lib/time.js';
import { writeTransaction } from '../../lib/transaction.js';
import { assertEditable, completeFinishedSamples, sampleInLaboratory } from '../records/index.js';
import { recalculateRecord } from './calculation.js';
import { parametersOfSample, recordAndPatientOf, resultsOfSample } from './queries.js';
import { REWRITTEN_COLUMNS, storedReading } from './reading.js';
import { sampleResults } from './sample-results.js';

const sameStamp = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

interface ResultLineInput {
  parameter_id: string;
  result_value?: number | null | undefined;
  result_text?: string | null | undefined;
  result_last_updated?: string | null | undefined;
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
      (await resultsOfSample(tx, sample.sample_id)).map((row) => [row.result_parameter, row]),
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
      if (
        existing
          ? readStamp === null || !sameStamp(readStamp, existing.result_last_updated)
          : readStamp !== null
      ) {
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
        result_entered_by: auth.user.admin_uid,
        laboratory_id: laboratoryId,
        result_sample: sample.sample_id,
        result_parameter: line.parameter_id,
      });
    }
    if (removed.length > 0) await tx.delete(results).where(inArray(results.result_id, removed));
    if (written.length > 0) {
      // A result entered before is updated in place (the trail records an update, old and new).
      await tx
        .insert(results)
        .values(written)
        .onConflictDoUpdate({
          target: [results.result_sample, results.result_parameter],
          set: Object.fromEntries(REWRITTEN_COLUMNS.map((column) => [column, sql.raw(`excluded.${column}`)])),
        });
    }
    await recalculateRecord(tx, laboratoryId, auth.user.admin_uid, { record, patient });
    await completeFinishedSamples(tx, record.record_id);
    return sampleResults(tx, laboratoryId, sample.sample_id);
  });
}
