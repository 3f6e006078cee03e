import {
  type PatientResultRow,
  type PatientResultsQuery,
  type ResultFlag,
  type ResultRow,
  referencesOf,
  resultPatientOf,
  SAMPLE_STATUS,
  type SampleResults,
} from '@sil/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/open.js';
import { results } from '../../db/schema/index.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { toIso } from '../../lib/time.js';
import { writeTransaction } from '../../lib/transaction.js';
import { assertEditable, patientInLaboratory, presentSample, sampleInLaboratory } from '../records/index.js';
import { calculatedLines, recalculateRecord } from './calculation.js';
import {
  anterioritiesOf,
  censoredOf,
  parametersOfSample,
  patientResultCount,
  patientResultsPage,
  recordAndPatientOf,
  resultsOfSample,
  type StoredResult,
} from './queries.js';
import { calculationError, REWRITTEN_COLUMNS, storedReading } from './reading.js';

interface ResultLineInput {
  parameter_id: string;
  result_value?: number | null | undefined;
  result_text?: string | null | undefined;
  result_last_updated?: string | null | undefined;
}

function presentResult(row: StoredResult): ResultRow {
  const { laboratory_id: _tenant, entered_by_name, ...fields } = row;
  return {
    ...fields,
    result_censored: censoredOf(row.result_censored),
    result_population: row.result_population as ResultRow['result_population'],
    result_flags: row.result_flags as ResultFlag[],
    result_entered_by_name: entered_by_name,
    result_entered_at: toIso(row.result_entered_at),
    result_last_updated: toIso(row.result_last_updated),
  };
}

/** A sample with its parameters to measure, their results and the patient's previous ones. */
export async function sampleResults(
  q: Queryable,
  laboratoryId: string,
  sampleId: string,
): Promise<SampleResults> {
  const sample = await sampleInLaboratory(q, laboratoryId, sampleId);
  const { record, patient } = await recordAndPatientOf(q, sample.sample_record);
  const conditions = resultPatientOf({
    patient,
    record,
    sampleCollectedAt: sample.sample_collection_datetime,
  });
  const lines = await parametersOfSample(q, laboratoryId, sample.sample_analyses);
  const stored = new Map(
    (await resultsOfSample(q, sample.sample_id)).map((row) => [row.result_parameter, row]),
  );
  const previous = await anterioritiesOf(
    q,
    patient.patient_id,
    record.record_id,
    conditions.collectedOn,
    lines.map((line) => line.parameter.parameter_id),
  );
  const calculated = await calculatedLines(
    q,
    laboratoryId,
    record.record_id,
    sample.sample_id,
    conditions,
    sample.sample_matrix,
    lines.map((line) => line.parameter).filter((parameter) => referencesOf(parameter).length > 0),
  );
  return {
    sample: presentSample(sample),
    lines: lines.map(({ analysis_id, analysis_name, parameter }) => {
      const result = stored.get(parameter.parameter_id);
      const censored = result?.result_censored !== null && result?.result_censored !== undefined;
      const fromOthers = calculated.get(parameter.parameter_id);
      return {
        analysis_id,
        analysis_name,
        parameter_id: parameter.parameter_id,
        parameter_name: parameter.parameter_name,
        parameter_unit: parameter.parameter_unit,
        parameter_unit_after_calc: parameter.parameter_unit_after_calc,
        parameter_decimals: parameter.parameter_decimals,
        result: result ? presentResult(result) : null,
        calculation_error: fromOthers
          ? fromOthers.error
          : censored
            ? null
            : calculationError(parameter, conditions, sample.sample_matrix, result?.result_value ?? null),
        calculation_detail: fromOthers?.detail ?? null,
        calculation_inputs: fromOthers?.inputs ?? null,
        anteriority: previous.get(parameter.parameter_id) ?? null,
      };
    }),
  };
}

const sameStamp = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

export function createResultService(db: Db) {
  return {
    get: (auth: Authenticated, sampleId: string) => sampleResults(db, auth.user.laboratory_id, sampleId),

    /** The patient's results for the history, newest collection first, a page at a time. */
    async ofPatient(auth: Authenticated, query: PatientResultsQuery) {
      const laboratoryId = auth.user.laboratory_id;
      await patientInLaboratory(db, laboratoryId, query.patient_id);
      const size = query.number_of_records;
      const rows = await patientResultsPage(db, laboratoryId, query.patient_id, {
        offset: (query.page_number - 1) * size,
        limit: size,
      });
      const total = rows[0]?.total ?? (await patientResultCount(db, laboratoryId, query.patient_id));
      const data: PatientResultRow[] = rows.map(({ total: _total, sample_status, collected_at, ...row }) => ({
        ...row,
        collected_at: collected_at === null ? null : new Date(collected_at).toISOString(),
        result_censored: censoredOf(row.result_censored),
        result_flags: row.result_flags as ResultFlag[],
        result_validated: sample_status >= SAMPLE_STATUS.validated,
      }));
      return { data, number_of_rows: total, number_of_pages: Math.ceil(total / size) };
    },

    /**
     * Enters, changes or removes results of one sample in one transaction: each line is read with
     * the contract's rules (formula, range, flags) and stored with that reading. A line whose stamp
     * is not the stored one (a colleague saved first) refuses the whole save (staleUpdate), and so
     * does a parameter the sample does not measure, or one calculated from other results
     * (resultIsCalculated). The record's calculated results then follow, in the same transaction
     * (calculation.ts). A validated sample's results change only through invalidation
     * (resultValidated; the database refuses it too).
     */
    async update(auth: Authenticated, input: { sample_id: string; results: ResultLineInput[] }) {
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
          if (referencesOf(parameter).length > 0)
            fail('resultIsCalculated', { parameter_id: line.parameter_id });
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
              set: Object.fromEntries(
                REWRITTEN_COLUMNS.map((column) => [column, sql.raw(`excluded.${column}`)]),
              ),
            });
        }
        await recalculateRecord(tx, laboratoryId, auth.user.admin_uid, { record, patient });
        return sampleResults(tx, laboratoryId, sample.sample_id);
      });
    },
  };
}

export type ResultService = ReturnType<typeof createResultService>;
