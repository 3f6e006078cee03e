import { renderResultsSummary } from '@sil/documents';
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import { laboratories, parameters, patients, records, results, samples } from '../../db/schema/index.js';
import { fail } from '../../lib/errors.js';

export interface DeliveredReport {
  filename: string;
  pdf: Buffer;
}

/** What delivery sends for a record: the lead plugs the stored report versions (issue 15 'report') in here. */
export type ReportProvider = (q: Queryable, recordId: string) => Promise<DeliveredReport>;

type Bound = number | string | null;
const rangeOf = (min: Bound, max: Bound) =>
  min !== null && max !== null
    ? `${min} – ${max}`
    : min !== null
      ? `> ${min}`
      : max !== null
        ? `< ${max}`
        : undefined;

/** The interim provider: the record's results as a plain PDF list (renderResultsSummary). */
export const resultsSummaryReport: ReportProvider = async (q, recordId) => {
  const [row] = await q
    .select({ record: records, patient: patients, laboratory_name: laboratories.laboratory_name })
    .from(records)
    .innerJoin(patients, eq(patients.patient_id, records.record_patient))
    .innerJoin(laboratories, eq(laboratories.laboratory_id, records.laboratory_id))
    .where(eq(records.record_id, recordId));
  if (!row) return fail('recordNotFound');
  const lines = await q
    .select({ result: results, name: parameters.parameter_name })
    .from(results)
    .innerJoin(samples, eq(samples.sample_id, results.result_sample))
    .innerJoin(parameters, eq(parameters.parameter_id, results.result_parameter))
    .where(eq(samples.sample_record, recordId))
    .orderBy(asc(samples.sample_number), asc(parameters.parameter_name));
  const pdf = await renderResultsSummary({
    laboratoryName: row.laboratory_name,
    recordNumber: row.record.record_number,
    patientName: `${row.patient.patient_surname} ${row.patient.patient_name}`,
    patientDob: row.patient.patient_dob,
    validatedAt: row.record.record_validated_at,
    results: lines.map(({ result, name }) => ({
      name,
      value: String(result.result_value ?? result.result_calculated ?? result.result_text ?? ''),
      unit: result.result_unit ?? undefined,
      range: rangeOf(result.result_range_min, result.result_range_max),
      flags: result.result_flags,
    })),
  });
  return { filename: `${row.record.record_number} - RESULTATS.pdf`, pdf };
};
