import {
  type CalculationInput,
  calculateResult,
  type FormulaErrorCode,
  type ReadResult,
  type ResultPatient,
  referencesOf,
  reportedValueOf,
  resultPatientOf,
  SAMPLE_STATUS,
} from '@sil/contract';
import { and, eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/open.js';
import { results } from '../../db/schema/results.js';
import { fail } from '../../lib/errors.js';
import { samplesOfRecords } from '../records/index.js';
import {
  ensureResultMonths,
  type ParameterRow,
  parametersOfSample,
  parametersWithCodes,
  type RecordResult,
  type ResultColumns,
  type recordAndPatientOf,
  resultsOfRecord,
} from './queries.js';
import { readingColumns, resultParameterOf } from './reading.js';

type RecordAndPatient = Awaited<ReturnType<typeof recordAndPatientOf>>;

/**
 * The results of one record as the formulas of calculated parameters read them: by code, the
 * result of the same sample first (an additional tube's result stands for its own sample), else
 * the one last entered on the record's other samples.
 */
export class RecordResults {
  private rows: RecordResult[];

  constructor(rows: RecordResult[]) {
    this.rows = [...rows];
  }

  find(code: string, sampleId: string): RecordResult | undefined {
    const matching = this.rows.filter((row) => row.parameter_code === code);
    return matching.find((row) => row.result_sample === sampleId) ?? matching[0];
  }

  at(sampleId: string, parameterId: string): RecordResult | undefined {
    return this.rows.find((row) => row.result_sample === sampleId && row.result_parameter === parameterId);
  }

  /** Puts a written result first, so that the formulas after it read the new value. */
  replace(sampleId: string, parameterId: string, row: RecordResult | null): void {
    this.rows = this.rows.filter(
      (other) => !(other.result_sample === sampleId && other.result_parameter === parameterId),
    );
    if (row) this.rows.unshift(row);
  }
}

/** The values a calculated parameter reads on a sample, by code (null: not entered or censored). */
function inputValues(codes: string[], sampleId: string, record: RecordResults): Map<string, number | null> {
  return new Map(
    codes.map((code) => {
      const row = record.find(code, sampleId);
      return [code, row ? reportedValueOf(row) : null];
    }),
  );
}

export interface CalculatedLine {
  inputs: CalculationInput[];
  error: FormulaErrorCode | null;
  detail: string | null;
}

/** What the formulas of a record's calculated parameters read: its results, and the inputs named. */
export interface CalculationInputs {
  record: RecordResults;
  named: Map<string, ParameterRow>;
}

/** The parameters the formulas of these calculated parameters name by their codes. */
export function parametersNamedBy(q: Queryable, laboratoryId: string, calculated: ParameterRow[]) {
  const codes = [...new Set(calculated.flatMap((parameter) => referencesOf(parameter)))];
  return parametersWithCodes(q, laboratoryId, codes);
}

/**
 * The inputs of these calculated parameters of a record, read once for all its samples; from
 * `wholeRecord`, the results of every sample of the record when the caller has read them all.
 */
export async function calculationInputsOf(
  q: Queryable,
  laboratoryId: string,
  record: { record_id: string; record_created: string },
  calculated: ParameterRow[],
  wholeRecord?: readonly ResultColumns[],
  /** `parametersNamedBy` of these parameters or more, when read already. */
  namedRead?: Promise<ParameterRow[]>,
): Promise<CalculationInputs> {
  const coded = await (namedRead ?? parametersNamedBy(q, laboratoryId, calculated));
  const named = new Map(coded.map((parameter) => [parameter.parameter_code ?? '', parameter]));
  if (!wholeRecord) return { record: new RecordResults(await resultsOfRecord(q, record)), named };
  // Formulas look results up by these codes only: the other results need none. Latest change
  // first, as `resultsOfRecord` orders them.
  const codeOf = new Map(coded.map((parameter) => [parameter.parameter_id, parameter.parameter_code]));
  const rows = wholeRecord
    .map((row) => ({ ...row, parameter_code: codeOf.get(row.result_parameter) ?? null }))
    .sort((a, b) => Date.parse(b.result_last_updated) - Date.parse(a.result_last_updated));
  return { record: new RecordResults(rows), named };
}

/** What the bench shows beside a calculated parameter: its inputs named, or why it has no value. */
export function calculatedLines(
  { record, named }: CalculationInputs,
  sampleId: string,
  patient: ResultPatient,
  matrixId: string | null,
  calculated: ParameterRow[],
): Map<string, CalculatedLine> {
  return new Map(
    calculated.map((parameter) => {
      const references = referencesOf(parameter);
      const values = inputValues(references, sampleId, record);
      const reading = calculateResult(resultParameterOf(parameter), values, patient, matrixId);
      const inputs = references.map((code) => {
        const input = named.get(code);
        return {
          parameter_id: input?.parameter_id ?? parameter.parameter_id,
          parameter_code: code,
          parameter_name: input?.parameter_name ?? code,
          value: values.get(code) ?? null,
        };
      });
      const line = reading.ok
        ? { inputs, error: null, detail: null }
        : { inputs, error: reading.error, detail: reading.detail };
      return [parameter.parameter_id, line];
    }),
  );
}

/**
 * The columns a calculated result stores: the value both as measure and as calculated value, its
 * range written in the calculated unit; nothing was measured, so it has no raw range.
 */
function calculatedColumns(parameter: ParameterRow, reading: ReadResult) {
  return {
    result_value: reading.raw,
    result_text: null,
    ...readingColumns(parameter, reading),
    result_raw_range_min: null,
    result_raw_range_max: null,
  };
}
type Columns = ReturnType<typeof calculatedColumns>;

function unchanged(stored: RecordResult | undefined, wanted: Columns | null): boolean {
  if (!stored || !wanted) return !stored && !wanted;
  return (
    stored.result_value === wanted.result_value &&
    stored.result_calculated === wanted.result_calculated &&
    stored.result_censored === wanted.result_censored &&
    stored.result_unit === wanted.result_unit &&
    stored.result_population === wanted.result_population &&
    stored.result_range_min === wanted.result_range_min &&
    stored.result_range_max === wanted.result_range_max &&
    stored.result_raw_range_min === wanted.result_raw_range_min &&
    stored.result_raw_range_max === wanted.result_raw_range_max &&
    stored.result_flags.join() === wanted.result_flags.join()
  );
}

interface Planned {
  sample: Awaited<ReturnType<typeof samplesOfRecords>>[number];
  parameter: ParameterRow;
  references: string[];
}

/** Calculated parameters that read others first (non-HDL before a ratio that reads it). */
function inDependencyOrder(planned: Planned[]): Planned[] {
  const ordered: Planned[] = [];
  let remaining = planned;
  while (remaining.length > 0) {
    const waiting = new Set(remaining.map((item) => item.parameter.parameter_code));
    const ready = remaining.filter((item) =>
      item.references.every((code) => code === item.parameter.parameter_code || !waiting.has(code)),
    );
    // Cycles are refused when formulas are saved; one left by older data is calculated as it comes.
    const next = ready.length > 0 ? ready : remaining;
    ordered.push(...next);
    remaining = remaining.filter((item) => !next.includes(item));
  }
  return ordered;
}

/** Who a result is written by: a person, or an analyser (its machine, no person; issue 41). */
export interface ResultAuthor {
  result_entered_by: string | null;
  result_machine: string | null;
}

/**
 * Recalculates, in the caller's transaction, every calculated parameter of a record (on any of its
 * samples) from the results just saved. A result that would change on a validated sample is not
 * rewritten: the save is refused (resultValidated, naming it) so that a validated value never
 * changes behind the biologist's back; invalidation comes first. A result whose inputs are missing
 * or whose condition fails (Friedewald at TG ≥ 4.5 mmol/L) is removed: the bench says why.
 */
export async function recalculateRecord(
  tx: Tx,
  laboratoryId: string,
  author: ResultAuthor,
  { record, patient }: RecordAndPatient,
): Promise<void> {
  const samples = await samplesOfRecords(tx, [record.record_id]);
  const planned: Planned[] = [];
  for (const sample of samples) {
    for (const { parameter } of await parametersOfSample(tx, laboratoryId, sample.sample_analyses)) {
      const references = referencesOf(parameter);
      if (references.length > 0) planned.push({ sample, parameter, references });
    }
  }
  if (planned.length === 0) return;
  const recordResults = new RecordResults(await resultsOfRecord(tx, record));
  for (const { sample, parameter, references } of inDependencyOrder(planned)) {
    const conditions = resultPatientOf({
      patient,
      record,
      sampleCollectedAt: sample.sample_collection_datetime,
    });
    const values = inputValues(references, sample.sample_id, recordResults);
    const reading = calculateResult(resultParameterOf(parameter), values, conditions, sample.sample_matrix);
    const wanted = reading.ok ? calculatedColumns(parameter, reading) : null;
    const stored = recordResults.at(sample.sample_id, parameter.parameter_id);
    if (unchanged(stored, wanted)) continue;
    if (sample.sample_status >= SAMPLE_STATUS.validated) {
      fail('resultValidated', { parameter_id: parameter.parameter_id, sample_id: sample.sample_id });
    }
    const where = and(
      eq(results.result_sample, sample.sample_id),
      eq(results.result_parameter, parameter.parameter_id),
      eq(results.result_record_created, record.record_created),
    );
    if (!wanted) {
      await tx.delete(results).where(where);
      recordResults.replace(sample.sample_id, parameter.parameter_id, null);
      continue;
    }
    if (!stored) await ensureResultMonths(tx, [record.record_created]);
    const [row] = stored
      ? await tx
          .update(results)
          .set({ ...wanted, ...author })
          .where(where)
          .returning()
      : await tx
          .insert(results)
          .values({
            ...wanted,
            ...author,
            laboratory_id: laboratoryId,
            result_sample: sample.sample_id,
            result_parameter: parameter.parameter_id,
            result_record_created: record.record_created,
          })
          .returning();
    if (row) {
      const { result_record_created: _month, ...written } = row;
      recordResults.replace(sample.sample_id, parameter.parameter_id, {
        ...written,
        parameter_code: parameter.parameter_code,
      });
    }
  }
}
