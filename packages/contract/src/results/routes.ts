import { z } from 'zod';
import { positiveInteger } from '../fields.js';
import { SampleIdQuery } from '../records/actions.js';
import { DEFAULT_PAGE_SIZE, listAnswer } from '../reference/list.js';
import type { RouteDef } from '../route-def.js';
import { PatientResultRow, SampleResults } from '../rows/result.js';
import { stamp } from '../rows/stamps.js';

/**
 * One result as the bench sends it: a number (measured, in the parameter's raw unit) or a text
 * (qualitative: 'positif', 'détecté'), or neither to remove an entered result. The stamp read with
 * the result guards against overwriting a colleague's entry (staleUpdate); none for a new result.
 */
export const ResultInput = z.object({
  parameter_id: z.uuid(),
  result_value: z.number().finite().nullable().optional(),
  result_text: z.string().trim().max(500).nullable().optional(),
  result_last_updated: stamp.nullable().optional(),
});
export type ResultInput = z.input<typeof ResultInput>;

export const UpdateSampleResultsBody = z.object({
  sample_id: z.uuid(),
  results: z
    .array(ResultInput)
    .min(1)
    .max(300)
    .refine((lines) => new Set(lines.map((line) => line.parameter_id)).size === lines.length, {
      message: 'one line per parameter',
    }),
});

/** A page of a patient's results: the history lists them newest first, a page at a time. */
export const PatientResultsQuery = z.object({
  patient_id: z.uuid(),
  page_number: positiveInteger(100_000).default(1),
  number_of_records: positiveInteger(100).default(DEFAULT_PAGE_SIZE),
});
export type PatientResultsQuery = z.output<typeof PatientResultsQuery>;

const samples = (level: 1 | 2) =>
  ({ kind: 'permission', key: 'admin_samples', level, userTypes: ['internal'] }) as const;

/** Results of a sample (issue 13): the bench reads and saves them one sample at a time. */
export const resultRoutes = {
  getSampleResults: {
    method: 'GET',
    path: '/api/get-sample-results',
    access: samples(1),
    summary:
      "A sample's parameters to measure, with their results, the range applied and the patient's previous result",
    query: SampleIdQuery,
    response: SampleResults,
    errors: ['sampleNotFound'],
  },
  updateSampleResults: {
    method: 'PUT',
    path: '/api/update-sample-results',
    access: samples(2),
    summary:
      "Enter, change or remove results of a sample; each is read against the patient's range when saved",
    body: UpdateSampleResultsBody,
    response: SampleResults,
    errors: [
      'sampleNotFound',
      'parameterNotInSample',
      'resultIsCalculated',
      'staleUpdate',
      'outOfBounds',
      'resultValidated',
      'cannotEditLock',
      'invalidRecordStatusForUpdate',
    ],
  },
  getPatientResults: {
    method: 'GET',
    path: '/api/get-patient-results',
    access: { kind: 'permission', key: 'admin_patients', level: 1, userTypes: ['internal'] },
    summary:
      "A patient's results on every record but cancelled ones, newest collection first, a page at a time",
    query: PatientResultsQuery,
    response: listAnswer(PatientResultRow),
    errors: ['patientNotFound'],
  },
} as const satisfies Record<string, RouteDef>;
