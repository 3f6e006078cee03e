import {
  deltaCheckOf,
  type ResultFlag,
  type ResultRow,
  referencesOf,
  resultPatientOf,
  type SampleResults,
} from '@sil/contract';
import type { Queryable } from '../../db/open.js';
import { toIso } from '../../lib/time.js';
import { presentSample, sampleInLaboratory } from '../records/index.js';
import { calculatedLines } from './calculation.js';
import {
  anterioritiesOf,
  censoredOf,
  parametersOfSample,
  recordAndPatientOf,
  resultsOfSample,
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
  };
}
