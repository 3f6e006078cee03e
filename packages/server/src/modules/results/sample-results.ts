import {
  type Anteriority,
  deltaCheckOf,
  type ResultFlag,
  type ResultRow,
  referencesOf,
  resultPatientOf,
  type SampleResults,
} from '@sil/contract';
import { independentReads, type Queryable } from '../../db/open.js';
import { fail } from '../../lib/errors.js';
import { toIso } from '../../lib/time.js';
import { presentSample, sampleInLaboratory } from '../records/index.js';
import {
  type CalculatedLine,
  type CalculationInputs,
  calculatedLines,
  calculationInputsOf,
  parametersNamedBy,
} from './calculation.js';
import {
  analysesOfSamples,
  anterioritiesOf,
  censoredOf,
  type ParameterRow,
  type parametersOfSample,
  parametersOfSamples,
  patientRecordStamps,
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
type SampleRow = Awaited<ReturnType<typeof sampleInLaboratory>>;

/** A sample with the record and patient it belongs to, as read before its results. */
interface OwnedSample extends RecordAndPatient {
  sample: SampleRow;
}

/** One sample as read, before the previous results of its record's day are known. */
interface SampleRead extends OwnedSample {
  conditions: ReturnType<typeof resultPatientOf>;
  lines: Awaited<ReturnType<typeof parametersOfSample>>;
  stored: Map<string, StoredResult>;
}

const isCalculated = (parameter: ParameterRow) => referencesOf(parameter).length > 0;

/** A read made at its first call only, later callers sharing its answer. */
function readOnce<T>(read: () => Promise<T>): () => Promise<T> {
  let answer: Promise<T> | undefined;
  return () => {
    answer ??= read();
    return answer;
  };
}

/** `read` of each item, one after the other: a record has one collection day as a rule. */
async function sequentially<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = [];
  for (const item of items) answers.push(await read(item));
  return answers;
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

/** Several samples as `sampleResults` reads each, in their order, each record and patient read once. */
export async function samplesResults(
  q: Queryable,
  laboratoryId: string,
  sampleIds: readonly string[],
): Promise<SampleResults[]> {
  const owners = new Map<string, RecordAndPatient>();
  const owned: OwnedSample[] = [];
  for (const sampleId of sampleIds) {
    const sample = await sampleInLaboratory(q, laboratoryId, sampleId);
    let owner = owners.get(sample.sample_record);
    if (!owner) {
      owner = await recordAndPatientOf(q, sample.sample_record);
      owners.set(sample.sample_record, owner);
    }
    owned.push({ sample, ...owner });
  }
  return linesOfSamples(q, laboratoryId, owned);
}

/**
 * The samples of one record as `sampleResults` reads each, from the record, patient and samples the
 * caller has already read (the validation screen's and the report's own statement).
 */
export function recordSamplesResults(
  q: Queryable,
  laboratoryId: string,
  { record, patient, samples }: RecordAndPatient & { samples: readonly SampleRow[] },
): Promise<SampleResults[]> {
  return linesOfSamples(
    q,
    laboratoryId,
    samples.map((sample) => ({ sample, record, patient })),
    { wholeRecords: true },
  );
}

/**
 * The lines of these samples with what they share read once: their parameters, their results, the
 * patient's previous results for every parameter measured on the same collection day (a record's
 * tubes share it as a rule) and the inputs of the record's formulas. The validation screen reads a
 * record's samples this way (issue 43: its statements, not its SQL, made most of its time).
 */
async function linesOfSamples(
  q: Queryable,
  laboratoryId: string,
  owned: readonly OwnedSample[],
  /** Every sample of each record is among `owned`: its results are the record's, read already. */
  { wholeRecords = false } = {},
): Promise<SampleResults[]> {
  // Two rounds of reads, each sent at once where statements run at once (`independentReads`): the
  // samples' parameters, their results and the patient's previous results (the longest to plan);
  // then the formulas' inputs. The analyses and the patient's record months are read once.
  const conditionsOf = owned.map((each) =>
    resultPatientOf({
      patient: each.patient,
      record: each.record,
      sampleCollectedAt: each.sample.sample_collection_datetime,
    }),
  );
  const analysisIdsOfEach = owned.map(({ sample }) => sample.sample_analyses);
  const analysesRead = readOnce(() => analysesOfSamples(q, laboratoryId, analysisIdsOfEach));
  const patientIds = [...new Set(owned.map(({ patient }) => patient.patient_id))];
  const monthsRead = readOnce(
    async () =>
      new Map(
        (await sequentially(patientIds, (id) => patientRecordStamps(q, id))).map(
          (months, index) => [patientIds[index] ?? '', months] as const,
        ),
      ),
  );
  // The previous results, once per record and collection day, for every parameter its samples'
  // analyses measure (those the lines show among them).
  const dayOf = (index: number) => `${owned[index]?.record.record_id} ${conditionsOf[index]?.collectedOn}`;
  const days = [...new Map(owned.map((_, index) => [dayOf(index), index])).values()];
  const previousOf = async (day: number) => {
    // Both at once: neither left to fail while the other is awaited.
    const [analysesFound, monthsOfPatients] = await Promise.all([analysesRead(), monthsRead()]);
    const analyses = new Map(analysesFound.map((analysis) => [analysis.analysis_id, analysis]));
    const together = owned.flatMap((each, index) => (dayOf(index) === dayOf(day) ? [each] : []));
    const parameterIds = [
      ...new Set(
        together.flatMap(({ sample }) =>
          sample.sample_analyses.flatMap((id) => analyses.get(id)?.analysis_parameters ?? []),
        ),
      ),
    ];
    const { patient, record } = owned[day] as OwnedSample;
    return anterioritiesOf(
      q,
      patient.patient_id,
      record.record_id,
      conditionsOf[day]?.collectedOn ?? '',
      parameterIds,
      monthsOfPatients.get(patient.patient_id),
    );
  };
  // A record read whole has its results in hand: its formulas need only their inputs' parameters,
  // read as soon as the lines name the calculated ones.
  let namedRead: Promise<ParameterRow[]> | undefined;
  const [linesOfEach, storedOfEach, previousOfDays] = await independentReads(q, [
    async () => {
      const lines = await parametersOfSamples(q, laboratoryId, analysisIdsOfEach, analysesRead());
      const calculated = lines
        .flat()
        .flatMap(({ parameter }) => (isCalculated(parameter) ? [parameter] : []));
      if (wholeRecords && calculated.length > 0) {
        namedRead = parametersNamedBy(q, laboratoryId, calculated);
        await namedRead;
      }
      return lines;
    },
    () =>
      resultsOfSamples(
        q,
        owned.map(({ sample }) => sample.sample_id),
        owned.map(({ record }) => record.record_created),
      ),
    () => sequentially(days, previousOf),
  ]);
  const read: SampleRead[] = owned.map((each, index) => ({
    ...each,
    conditions: conditionsOf[index] as SampleRead['conditions'],
    lines: linesOfEach[index] ?? [],
    stored: new Map(
      (storedOfEach.get(each.sample.sample_id) ?? []).map((row) => [row.result_parameter, row]),
    ),
  }));
  // The formulas' inputs, once per record for the calculated parameters of all its samples.
  const calculatedOf = (each: SampleRead) => each.lines.map((line) => line.parameter).filter(isCalculated);
  const withFormulas = [...new Map(read.map((each) => [each.record.record_id, each])).values()].filter(
    (each) =>
      read.some(
        (other) => other.record.record_id === each.record.record_id && calculatedOf(other).length > 0,
      ),
  );
  const inputsOfRecords = await sequentially(withFormulas, (each) => {
    const ofRecord = read.filter((other) => other.record.record_id === each.record.record_id);
    return calculationInputsOf(
      q,
      laboratoryId,
      each.record,
      ofRecord.flatMap(calculatedOf),
      wholeRecords ? ofRecord.flatMap((other) => [...other.stored.values()]) : undefined,
      namedRead,
    );
  });
  const previousByDay = new Map(days.map((day, index) => [dayOf(day), previousOfDays[index]]));
  const inputsByRecord = new Map<string, CalculationInputs | undefined>(
    withFormulas.map((each, index) => [each.record.record_id, inputsOfRecords[index]]),
  );
  return read.map((each, index) => {
    const { sample, record, conditions, lines, stored } = each;
    const previous = previousByDay.get(dayOf(index)) ?? new Map<string, Anteriority>();
    const inputs = inputsByRecord.get(record.record_id);
    const calculated = inputs
      ? calculatedLines(inputs, sample.sample_id, conditions, sample.sample_matrix, calculatedOf(each))
      : new Map<string, CalculatedLine>();
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
  });
}
