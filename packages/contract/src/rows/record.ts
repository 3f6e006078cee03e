import { z } from 'zod';
import { recordFields } from '../records/record.js';
import { recordStatusSchema } from '../records/statuses.js';
import { PatientRow, RecordPatientFields } from './patient.js';
import { SampleRow } from './sample.js';
import { optionalRowId, optionalStamp, rowId, stamp } from './stamps.js';

const flag = z.boolean();

/**
 * A record as stored: the fields a client may set, plus what the system keeps (number, status,
 * password, cancellation, pending sendings, lock and stamps). A stored record may have no analyses
 * yet (a replacement copies them later), so the analyses are not held to the form's minimum.
 */
export const RecordRow = z.object({
  record_id: rowId,
  record_number: z.string(),
  record_patient: rowId,
  record_status: recordStatusSchema,
  record_password: z.string(),
  ...recordFields,
  record_selected_analyses: z.array(
    z.object({ combination: z.number().int(), analysis_ids: z.array(z.uuid()) }),
  ),
  record_unresolved_nca: flag,
  record_lbloc_flag: flag,
  record_lbloc_description: z.string().nullable(),
  record_annulr_flag: flag,
  record_annulment_explanation: z.string().nullable(),
  record_replaced_by: optionalRowId,
  record_replaces: optionalRowId,
  record_pending_fax: flag,
  record_pending_phone: flag,
  record_pending_post: flag,
  record_pending_paper: flag,
  record_pending_online: flag,
  record_pending_insurance_report: flag,
  record_pending_occupational_physician: flag,
  record_locked: flag,
  record_scanned_at: optionalStamp,
  record_received_at: optionalStamp,
  record_validated_at: optionalStamp,
  record_created: stamp,
  record_last_updated: stamp,
});
export type RecordRow = z.output<typeof RecordRow>;

/**
 * What every record list shows beside the record: the patient's name, birth date and sex, and
 * whether a validated result of the record is out of range (ABNORMAL_RESULT_FLAGS). Only validated
 * results count, so that the portals learn nothing of values the laboratory has not released.
 */
export const RecordListFields = RecordPatientFields.extend({ record_abnormal: z.boolean() });
export type RecordListFields = z.output<typeof RecordListFields>;

/** A record in a list, with its list fields. */
export const RecordListRow = RecordRow.extend(RecordListFields.shape);
export type RecordListRow = z.output<typeof RecordListRow>;

/** A sample of a record as the record screen shows it: its sample type and matrix by name (spec.md §3). */
export const RecordSampleRow = SampleRow.extend({
  sample_type_name: z.string().nullable(),
  matrix_name: z.string().nullable(),
  /** Who took each progress step, by name (spec.md §3 'Sample progress'): staff only, else null. */
  sample_prepared_by_name: z.string().nullish(),
  sample_injected_by_name: z.string().nullish(),
  sample_removed_by_name: z.string().nullish(),
  sample_validated_by_name: z.string().nullish(),
});
export type RecordSampleRow = z.output<typeof RecordSampleRow>;

/**
 * One record with its patient and samples (`getRecord`), and the names of what it points at: the
 * front desk checks the prescriber, the collector, the clinic and the analyses by name.
 */
export const RecordDetail = RecordRow.extend({
  patient: PatientRow.nullable(),
  record_samples: z.array(z.uuid()),
  samples: z.array(RecordSampleRow),
  record_prescriber_name: z.string().nullable(),
  record_collector_name: z.string().nullable(),
  record_owner_name: z.string().nullable(),
  /** The ordered analyses (record_selected_analyses) with their names, in the order they were chosen. */
  record_analyses: z.array(z.object({ analysis_id: rowId, analysis_name: z.string() })),
});
export type RecordDetail = z.output<typeof RecordDetail>;

/** A patient with every record and its samples, newest first (`getPatientHistory`). */
export const PatientHistory = z.object({
  patient: PatientRow,
  records: z.array(RecordRow.extend({ samples: z.array(SampleRow) })),
});
export type PatientHistory = z.output<typeof PatientHistory>;
