import { z } from 'zod';
import { identityStatusSchema } from '../enums.js';
import { calendarDate, formBoolean, isoInstant, lastUpdated } from '../fields.js';
import { ListQuery } from '../reference/list.js';
import { PatientRow } from '../rows/patient.js';
import { recordStatusInput, sampleStatusInput } from './statuses.js';

const recordId = z.uuid();
const stamp = lastUpdated;

/** Pseudo-filters of the records list (spec.md §3 'List pseudo-filters'). */
export const RECORD_PSEUDO_FILTERS = [
  'records_with_anes',
  'records_with_ncts',
  'records_validated_today',
] as const;

/**
 * The filter of the external records list (`table/external_records`): only the records a clinic
 * owns, as the dashboard counts external records. Staff reach that list from the 'Other' menu.
 */
export const EXTERNAL_RECORDS_FILTER = 'records_external';

export const RecordListQuery = ListQuery;

export const RecordIdQuery = z.object({ record_id: recordId });
export const PatientIdQuery = z.object({ patient_id: z.uuid() });
export const SampleIdQuery = z.object({ sample_id: z.uuid() });

export const UpdateRecordStatusBody = z.object({
  record_id: recordId,
  record_last_updated: stamp,
  record_status: recordStatusInput,
});

export const UpdateRecordCommentsBody = z.object({
  record_id: recordId,
  record_last_updated: stamp,
  record_internal_notes: z.string().max(10000),
});

export const CancelRecordBody = z.object({
  record_id: recordId,
  record_last_updated: stamp,
  record_annulment_explanation: z.string().trim().min(3).max(2000),
  /** Create the replacing record (a copy under a new number) in the same transaction. */
  replace: formBoolean.default(true),
});

export const ReceiveRecordBody = z.object({ record_id: recordId });
/**
 * The scanner sends what the barcode holds: the record number on the record's label, or a sample
 * number (`{record number}-NN`) on a tube's, which stands for its record (issue 40). `receive`: the
 * workstation scans at reception, and the scan also receives the record.
 */
export const ScanRecordBody = z.object({
  record_number: z.string().trim().min(1).max(40),
  receive: formBoolean.optional(),
});
/** A tube scanned at reception: its sample number, as its barcode holds it. */
export const ReceiveSampleBody = z.object({ sample_number: z.string().trim().min(1).max(40) });

/**
 * What the bench changes on a sample (spec.md §7 /update-sample): the machine it runs on, when and
 * by whom it was taken, the observations and the interpretation. Absent fields are kept; null
 * empties one. The stamp read guards against overwriting a colleague's change.
 */
export const UpdateSampleBody = z.object({
  sample_id: z.uuid(),
  sample_last_updated: stamp,
  sample_machine: z.uuid().nullable().optional(),
  sample_collection_datetime: isoInstant({ local: true }).nullable().optional(),
  sample_collector: z.uuid().nullable().optional(),
  sample_observations: z.string().trim().max(5000).nullable().optional(),
  sample_interpretation: z.string().trim().max(5000).nullable().optional(),
});

export const UpdateSampleStatusBody = z.object({
  sample_id: z.uuid(),
  sample_status: sampleStatusInput,
  force_save: formBoolean.optional(),
});

/** A result as the record reported it at one moment of its trace: the number or text, and its unit. */
export const TracedResult = z.object({
  value: z.number().nullable(),
  text: z.string().nullable(),
  censored: z.enum(['<', '>']).nullable(),
  unit: z.string().nullable(),
});
export type TracedResult = z.output<typeof TracedResult>;

/**
 * One change of a result, folded from the trail's entries of one write: which parameter of which
 * sample, what the record reported before and after (null: no result), ISO 15189 7.6 / 8.4.
 */
export const ResultChange = z.object({
  parameter_id: z.uuid(),
  parameter_name: z.string(),
  sample_number: z.string().nullable(),
  old: TracedResult.nullable(),
  new: TracedResult.nullable(),
});
export type ResultChange = z.output<typeof ResultChange>;

export const TraceEntry = z.object({
  modification_id: z.number(),
  table_name: z.string(),
  row_id: z.string(),
  modification_by: z.string(),
  modification_by_name: z.string().nullable(),
  modification_field: z.string().nullable(),
  modification_old_value: z.string().nullable(),
  modification_new_value: z.string().nullable(),
  modification_timestamp: z.string(),
  modification_type: z.string(),
  log_comment: z.string().nullable(),
  nca: z.string().nullable(),
  /**
   * The names of the rows the entry points at (its own row and every identifier in its values),
   * so that the trace reads with names and never shows an identifier.
   */
  names: z.record(z.string(), z.string()),
  /**
   * On an entry of the results table, the change it made; its `log_comment` is the reason given,
   * for a correction after validation the reason of the invalidation that opened it.
   */
  result_change: ResultChange.nullable(),
});
export type TraceEntry = z.output<typeof TraceEntry>;

/** A group of patients that share the identity traits; one is kept, the others are merged into it. */
export const DuplicateGroup = z.object({
  key: z.string(),
  patients: z.array(PatientRow.extend({ record_count: z.number().int() })),
  /**
   * The patients of the group an earlier decision declared 'not duplicates' of one another: the
   * group is proposed again because another patient joined them. Empty for a group never declared.
   */
  declared_distinct: z.array(z.uuid()),
});
export type DuplicatePatient = z.output<typeof DuplicateGroup>['patients'][number];

export const ResolveDuplicatesBody = z.object({
  /** Each patient to delete with the patient that takes over its records (spec.md §5: mandatory). */
  deletions: z
    .array(z.object({ patient_id: z.uuid(), replacement_patient_id: z.uuid() }))
    .min(1)
    .max(100),
});
export const ResolveDuplicatesAnswer = z.object({
  deleted: z.number().int(),
  records_moved: z.number().int(),
});

/**
 * A duplicate group declared 'not duplicates' (spec.md §3 'Duplicate patient groups'): the patients
 * of one group, as the screen showed it. The group stops being proposed until a new patient joins it.
 */
export const DismissDuplicatesBody = z.object({
  patient_ids: z
    .array(z.uuid())
    .min(2)
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate patient id' }),
});
export const DismissDuplicatesAnswer = z.object({
  dismissal_id: z.uuid(),
  patient_ids: z.array(z.uuid()),
});

export const InsLookupQuery = z.object({
  last_name: z.string().trim().min(1).max(100),
  first_name: z.string().trim().min(1).max(100),
  sex: z.enum(['M', 'F', 'I']),
  birthday: calendarDate,
  birth_place: z.string().trim().max(5).optional(),
});
export const InsIdentity = z.object({
  Ins: z.object({ s_value: z.string(), s_key: z.string(), s_oid: z.string() }),
  s_birthName: z.string(),
  s_firstNames: z.string(),
  s_usualFirstName: z.string(),
  s_sex: z.enum(['M', 'F', 'I']),
  s_birthDate: z.string(),
  s_birthPlace: z.string(),
});
export const InsLookupAnswer = z.object({
  i_insIdentityResult: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  Identity: InsIdentity.nullable(),
});
export type InsLookupAnswer = z.infer<typeof InsLookupAnswer>;

/** Verify the INS already recorded on a patient against the national service (spec.md §8 checkInsIdentity). */
export const CheckInsIdentityBody = z.object({
  patient_id: z.uuid(),
  patient_last_updated: stamp,
});
/**
 * 'confirmed': the service answers the same INS for the recorded traits (a provisional identity
 * becomes 'retrieved'; a qualified one stays qualified). 'notConfirmed': it answers none, several
 * or another INS, and the identity goes back to 'provisional' (its INS is no longer printed).
 */
export const CheckInsIdentityAnswer = z.object({
  outcome: z.enum(['confirmed', 'notConfirmed']),
  i_insIdentityResult: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  patient_identity_status: identityStatusSchema,
  patient_last_updated: stamp,
});
export type CheckInsIdentityAnswer = z.infer<typeof CheckInsIdentityAnswer>;

/** Records registered by mistake, deleted with their samples, all or none (spec.md §2 Data management). */
export const DeleteRecordsBody = z.object({ record_ids: z.array(recordId).min(1).max(500) });
