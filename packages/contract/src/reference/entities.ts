import { z } from 'zod';
import { machineConnectionFields } from '../analysers/connection.js';
import { specialtyCodeSchema, titleSchema } from '../enums.js';
import { biologyChapter } from '../exchange/chapters.js';
import { clinicCode, lastUpdated } from '../fields.js';
import { adeliSchema, rppsSchema } from '../identifiers.js';
import { analyses, parameters } from './catalogue.js';
import {
  byUpdate,
  type EntityDefinition,
  nabmCode,
  name,
  optionalBoolean,
  optionalDate,
  optionalEmail,
  optionalId,
  optionalInt,
  optionalText,
  paths,
  phone,
} from './shared.js';

export type { EntityDefinition, FilterKind, ReferenceTableName } from './shared.js';
/**
 * The reference-data tables: what each stores and how its generic table behaves (spec.md §3, §7
 * 'generic table calls', §9 'Sorting and filters'). Server and web both read these definitions.
 */
export const entities = {
  matrices: {
    table: 'matrices',
    permission: 'admin_matrices',
    idField: 'matrix_id',
    stampField: 'matrix_last_updated',
    labelField: 'matrix_name',
    fields: { matrix_name: name },
    required: ['matrix_name'],
    sorts: { name: 'matrix_name', id: 'matrix_id' },
    defaultSort: byUpdate('matrix_last_updated'),
    search: ['matrix_name'],
    filters: {},
    unique: [{ field: 'matrix_name', code: 'nameTaken' }],
    notFound: 'matrixNotFound',
    paths: paths('matrix', 'matrices'),
  },
  families: {
    table: 'families',
    permission: 'admin_families',
    idField: 'family_id',
    stampField: 'family_last_updated',
    labelField: 'family_name',
    fields: {
      family_name: name,
      family_rank: optionalInt,
      family_report_message: optionalText(),
      family_is_envoi: optionalBoolean,
      /** The report chapter (LOINC) its analyses are exchanged under (CR-BIO sections). */
      family_chapter: biologyChapter.nullable().optional(),
    },
    required: ['family_name'],
    sorts: { name: 'family_name', rank: 'family_rank', id: 'family_id' },
    defaultSort: byUpdate('family_last_updated'),
    search: ['family_name', 'family_report_message'],
    filters: { family_is_envoi: { kind: 'boolean' } },
    unique: [{ field: 'family_name', code: 'nameTaken' }],
    notFound: 'familyNotFound',
    paths: paths('family', 'families'),
  },
  machines: {
    table: 'machines',
    permission: 'admin_machines',
    idField: 'machine_id',
    stampField: 'machine_last_updated',
    labelField: 'machine_name',
    fields: {
      machine_name: name,
      machine_code: name.max(50),
      machine_location: optionalText(200),
      // How the analyser is connected through the laboratory's agent (issue 41).
      ...machineConnectionFields,
    },
    required: ['machine_name', 'machine_code'],
    sorts: { name: 'machine_name', code: 'machine_code', location: 'machine_location', id: 'machine_id' },
    defaultSort: byUpdate('machine_last_updated'),
    search: ['machine_name', 'machine_code', 'machine_location'],
    filters: {},
    unique: [
      { field: 'machine_name', code: 'nameTaken' },
      { field: 'machine_code', code: 'codeAlreadyInUse' },
    ],
    notFound: 'machineNotFound',
    paths: paths('machine', 'machines'),
  },
  sample_types: {
    table: 'sample_types',
    permission: 'admin_sample_types',
    idField: 'sample_type_id',
    stampField: 'sample_type_last_updated',
    labelField: 'sample_type_name',
    fields: { sample_type_name: name, sample_type_description: optionalText() },
    required: ['sample_type_name'],
    sorts: { name: 'sample_type_name', description: 'sample_type_description', id: 'sample_type_id' },
    defaultSort: byUpdate('sample_type_last_updated'),
    search: ['sample_type_name', 'sample_type_description'],
    filters: {},
    unique: [{ field: 'sample_type_name', code: 'nameTaken' }],
    notFound: 'sampleTypeNotFound',
    paths: paths('sampletype', 'sampletypes', 'sample-types'),
  },
  clinics: {
    table: 'clinics',
    permission: 'admin_clinics',
    idField: 'clinic_id',
    stampField: 'clinic_last_updated',
    labelField: 'clinic_name',
    fields: {
      clinic_name: name,
      clinic_code: clinicCode,
      clinic_visible: optionalBoolean,
      clinic_phone_num: phone,
    },
    required: ['clinic_name', 'clinic_code'],
    sorts: { name: 'clinic_name', code: 'clinic_code', id: 'clinic_id' },
    defaultSort: { field: 'clinic_name', order: 'DESC' },
    search: ['clinic_name', 'clinic_code'],
    filters: { clinic_visible: { kind: 'boolean' } },
    unique: [
      { field: 'clinic_name', code: 'nameTaken' },
      { field: 'clinic_code', code: 'codeAlreadyInUse' },
    ],
    notFound: 'clinicNotFound',
    paths: paths('clinic', 'clinics'),
  },
  collectors: {
    table: 'collectors',
    permission: 'admin_collectors',
    idField: 'collector_id',
    stampField: 'collector_last_updated',
    labelField: 'collector_surname',
    externalsRead: true,
    fields: {
      collector_surname: name,
      collector_name: name,
      collector_owner: optionalId,
      collector_phone_num: phone,
      collector_billed_by_lab: optionalBoolean,
      collector_billing_number: optionalText(50),
      collector_call_code: optionalText(50),
      collector_conventional_code: optionalText(50),
      collector_ged_doc_diff: optionalText(50),
      collector_ik_zone: optionalText(50),
      collector_internal_code: optionalText(50),
      collector_obsolete_from: optionalDate,
      collector_practice_conditions: optionalText(50),
      collector_pricing_zone: optionalText(50),
      collector_qualification: optionalText(100),
      collector_structure_number: optionalText(50),
    },
    required: ['collector_surname', 'collector_name'],
    sorts: {
      surname: 'collector_surname',
      firstName: 'collector_name',
      code: 'collector_internal_code',
      owner: 'collector_owner',
      id: 'collector_id',
    },
    defaultSort: byUpdate('collector_last_updated'),
    search: ['collector_surname', 'collector_name', 'collector_internal_code'],
    filters: { collector_owner: { kind: 'reference', table: 'clinics', permission: 'admin_clinics' } },
    refersTo: { collector_owner: { table: 'clinics' } },
    unique: [],
    notFound: 'collectorNotFound',
    paths: paths('collector', 'collectors'),
  },
  prescribers: {
    table: 'prescribers',
    permission: 'admin_prescribers',
    idField: 'prescriber_id',
    stampField: 'prescriber_last_updated',
    labelField: 'prescriber_surname',
    externalsRead: true,
    fields: {
      prescriber_title: titleSchema.nullable().optional(),
      prescriber_surname: name,
      prescriber_name: name,
      prescriber_rpps: rppsSchema.nullable().optional(),
      prescriber_adeli: adeliSchema.nullable().optional(),
      prescriber_specialty: specialtyCodeSchema.nullable().optional(),
      prescriber_phone_num: phone,
      prescriber_fax: phone,
      /** The MSSanté address the validated record's CR-BIO is sent to (secure_messaging channel). */
      prescriber_mssante: optionalEmail,
    },
    required: ['prescriber_surname', 'prescriber_name'],
    sorts: {
      surname: 'prescriber_surname',
      firstName: 'prescriber_name',
      adeli: 'prescriber_adeli',
      code: 'prescriber_rpps',
      id: 'prescriber_id',
    },
    defaultSort: byUpdate('prescriber_last_updated'),
    search: ['prescriber_surname', 'prescriber_name', 'prescriber_rpps', 'prescriber_adeli'],
    filters: {},
    unique: [
      { field: 'prescriber_rpps', code: 'codeAlreadyInUse' },
      { field: 'prescriber_adeli', code: 'codeAlreadyInUse' },
    ],
    notFound: 'prescriberNotFound',
    paths: paths('prescriber', 'prescribers'),
  },
  nabms: {
    table: 'nabms',
    permission: 'admin_nabms',
    idField: 'nabm_code',
    stampField: 'nabm_last_updated',
    labelField: 'nabm_wording',
    fields: {
      nabm_code: nabmCode,
      nabm_wording: name.max(500),
      nabm_chapter: optionalText(20),
      nabm_subchapter: optionalText(20),
      nabm_key_letter: z.string().trim().min(1).max(3).optional(),
      nabm_coef_b: z.coerce.number().finite().min(0).max(100_000).optional(),
      nabm_refund: optionalBoolean,
      nabm_agreement: optionalBoolean,
      nabm_bio_initiative: optionalBoolean,
      nabm_blood_test: optionalBoolean,
      nabm_contingency: optionalBoolean,
      nabm_incompatible_codes: z.array(nabmCode).max(200).optional(),
      nabm_last_eeet_date: optionalDate,
      nabm_max_num_code: optionalInt,
      nabm_med_indic_ref: optionalText(200),
      nabm_rmo: optionalText(200),
      nabm_spec_rule_num: optionalText(50),
      nabm_reserved_acts: optionalBoolean,
      nabm_creation_date: optionalDate,
      nabm_end_date: optionalDate,
      nabm_retired: optionalBoolean,
    },
    required: ['nabm_code', 'nabm_wording'],
    createOnly: ['nabm_creation_date'],
    sorts: {
      NABM: 'nabm_code',
      code: 'nabm_code',
      wording: 'nabm_wording',
      chapter: 'nabm_chapter',
      subChapter: 'nabm_subchapter',
      coefB: 'nabm_coef_b',
      creationDate: 'nabm_creation_date',
    },
    defaultSort: byUpdate('nabm_last_updated'),
    search: ['nabm_code', 'nabm_wording'],
    filters: {
      nabm_refund: { kind: 'boolean' },
      nabm_retired: { kind: 'boolean' },
      nabm_agreement: { kind: 'boolean' },
    },
    unique: [{ field: 'nabm_code', code: 'nabmAlreadyInUse' }],
    notFound: 'nabmNotFound',
    paths: paths('nabm', 'nabms'),
  },
  parameters,
  analyses,
} as const satisfies Record<string, EntityDefinition>;

export type EntityName = keyof typeof entities;
export const ENTITY_NAMES = Object.keys(entities) as EntityName[];

/** The create body of an entity: required fields as declared, the others optional. */
export function createSchema(entity: EntityDefinition) {
  const shape = Object.fromEntries(
    Object.entries(entity.fields).map(([key, schema]) => [
      key,
      entity.required.includes(key) ? schema : (schema as z.ZodType).optional(),
    ]),
  );
  return z.object(shape);
}

/** The update body: the id, the stamp as read, and any subset of the fields. */
export function updateSchema(entity: EntityDefinition) {
  const shape = Object.fromEntries(
    Object.entries(entity.fields)
      .filter(([key]) => !entity.createOnly?.includes(key))
      .map(([key, schema]) => [key, (schema as z.ZodType).optional()]),
  );
  return z.object({
    ...shape,
    [entity.idField]: z.string().min(1).max(100),
    [entity.stampField]: lastUpdated,
  });
}

export const ImportNabmsAnswer = z.object({
  total: z.number().int(),
  added: z.array(z.string()),
  changed: z.array(z.string()),
  retired: z.array(z.string()),
  unchanged: z.number().int(),
});
export type ImportNabmsAnswer = z.infer<typeof ImportNabmsAnswer>;
