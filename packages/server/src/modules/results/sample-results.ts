import {
  deltaCheckOf,
  type ResultFlag,
  type ResultRow,
  referencesOf,
  resultPatientOf,
  type SampleResults,
} from '@sil/contract';
import type { Queryable } from '../../db/open.js';
import { fail } from '../../lib/errors.js';
import { toIso } from '../../lib/time.js';
import { presentSample, sampleInLaboratory } from '../records/index.js';
import { calculatedLines } from './calculation.js';
import {
  anterioritiesOf,
  censoredOf,
  type parametersOfSample,
  parametersOfSamples,
  recordAndPatientOf,
  resultsOfSamples,
  type StoredResult,
} from './queries.js';
import { calculationError, resultParameterOf } from './reading.js';

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
    result_run_at: row.result_run_at ? toIso(row.result_run_at) : null,
  };
}

type RecordAndPatient = Awaited<ReturnType<typeof recordAndPatientOf>>;

/** One sample as read, before the previous results of its record's day are known. */
interface SampleRead extends RecordAndPatient {
  sample: Awaited<ReturnType<typeof sampleInLaboratory>>;
  conditions: ReturnType<typeof resultPatientOf>;
  lines: Awaited<ReturnType<typeof parametersOfSample>>;
  stored: Map<string, StoredResult>;
}

/** A sample with its parameters to measure, their results and the patient's previous ones. */
export async function sampleResults(
  q: Queryable,
  laboratoryId: string,
  sampleId: string,
): Promise<SampleResults> {
  const [one] = await samplesResults(q, laboratoryId, [sampleId]);
  return one ?? fail('sampleNotFound');
}

/**
 * Several samples as `sampleResults` reads each, in their order, with what they share read once:
 * their record and patient, and the patient's previous results for every parameter measured on
 * the same collection day (a record's tubes share it as a rule). The validation screen reads a
 * record's samples this way (issue 43: its statements, not its SQL, made most of its time).
 */
export async function samplesResults(
  q: Queryable,
  laboratoryId: string,
  sampleIds: readonly string[],
): Promise<SampleResults[]> {
  const sampleRows = [];
  for (const sampleId of sampleIds) sampleRows.push(await sampleInLaboratory(q, laboratoryId, sampleId));
  const linesOfEach = await parametersOfSamples(
    q,
    laboratoryId,
    sampleRows.map((sample) => sample.sample_analyses),
  );
  const storedOfEach = await resultsOfSamples(
    q,
    sampleRows.map((sample) => sample.sample_id),
  );
  const owners = new Map<string, RecordAndPatient>();
  const read: SampleRead[] = [];
  for (const [index, sample] of sampleRows.entries()) {
    let owner = owners.get(sample.sample_record);
    if (!owner) {
      owner = await recordAndPatientOf(q, sample.sample_record);
      owners.set(sample.sample_record, owner);
    }
    const conditions = resultPatientOf({
      patient: owner.patient,
      record: owner.record,
      sampleCollectedAt: sample.sample_collection_datetime,
    });
    const stored = storedOfEach.get(sample.sample_id) ?? [];
    read.push({
      sample,
      ...owner,
      conditions,
      lines: linesOfEach[index] ?? [],
      stored: new Map(stored.map((row) => [row.result_parameter, row])),
    });
  }
  // The previous results, once per record and collection day, for all the parameters of its samples.
  const dayOf = (each: SampleRead) => `${each.record.record_id} ${each.conditions.collectedOn}`;
  const previousByDay = new Map<string, Awaited<ReturnType<typeof anterioritiesOf>>>();
  for (const each of read) {
    const day = dayOf(each);
    if (previousByDay.has(day)) continue;
    const together = read.filter((other) => dayOf(other) === day);
    const parameterIds = [
      ...new Set(together.flatMap((other) => other.lines.map((line) => line.parameter.parameter_id))),
    ];
    previousByDay.set(
      day,
      await anterioritiesOf(
        q,
        each.patient.patient_id,
        each.record.record_id,
        each.conditions.collectedOn,
        parameterIds,
      ),
    );
  }
  const answers: SampleResults[] = [];
  for (const each of read) {
    const { sample, record, conditions, lines, stored } = each;
    const previous = previousByDay.get(dayOf(each)) ?? new Map();
    const calculated = await calculatedLines(
      q,
      laboratoryId,
      record.record_id,
      sample.sample_id,
      conditions,
      sample.sample_matrix,
      lines.map((line) => line.parameter).filter((parameter) => referencesOf(parameter).length > 0),
    );
    answers.push({
      sample: presentSample(sample),
      lines: lines.map(({ analysis_id, analysis_name, parameter }) => {
        const result = stored.get(parameter.parameter_id);
        const censored = result?.result_censored !== null && result?.result_censored !== undefined;
        const fromOthers = calculated.get(parameter.parameter_id);
        const anteriority = previous.get(parameter.parameter_id) ?? null;
        const presented = result ? presentResult(result) : null;
        return {
          analysis_id,
          analysis_name,
          parameter_id: parameter.parameter_id,
          parameter_name: parameter.parameter_name,
          parameter_code: parameter.parameter_code,
          parameter_unit: parameter.parameter_unit,
          parameter_unit_after_calc: parameter.parameter_unit_after_calc,
          parameter_decimals: parameter.parameter_decimals,
          result: presented,
          calculation_error: fromOthers
            ? fromOthers.error
            : censored
              ? null
              : calculationError(parameter, conditions, sample.sample_matrix, result?.result_value ?? null),
          calculation_detail: fromOthers?.detail ?? null,
          calculation_inputs: fromOthers?.inputs ?? null,
          anteriority,
          // Read, not stored: it follows the previous result's validation and invalidation.
          delta_check: presented
            ? deltaCheckOf({
                current: presented,
                collectedOn: conditions.collectedOn,
                previous: anteriority,
                parameter: { ...parameter, ...resultParameterOf(parameter) },
                patient: conditions,
                matrixId: sample.sample_matrix,
              })
            : null,
        };
      }),
    });
  }
  return answers;
}
