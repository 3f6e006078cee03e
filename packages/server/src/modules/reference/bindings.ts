import { type EntityDefinition, type EntityName, type ErrorCode, entities } from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { analyses, parameters } from '../../db/schema/catalogue.js';
import { clinics, prescribers } from '../../db/schema/clinics.js';
import { nabms } from '../../db/schema/nabms.js';
import { collectors, families, machines, matrices, sampleTypes } from '../../db/schema/reference.js';
import { users } from '../../db/schema/users.js';
import { patients, records, samples } from '../records/tables.js';
import type { ForeignKey, TableBinding } from './binding.js';
import { analysisDefaults, validateAnalysis, validateParameter } from './catalogue-rules.js';

/** A field pointing at a row of `table` in the same laboratory. */
const keyTo = (
  table: PgTable & { laboratory_id: PgColumn },
  idColumn: PgColumn,
  notFound: ErrorCode,
): ForeignKey => ({
  table,
  idColumn,
  laboratoryColumn: table.laboratory_id,
  notFound,
});
const toMatrix = keyTo(matrices, matrices.matrix_id, 'matrixNotFound');
const toFamily = keyTo(families, families.family_id, 'familyNotFound');
const toMachine = keyTo(machines, machines.machine_id, 'machineNotFound');
const toNabm = keyTo(nabms, nabms.nabm_code, 'nabmNotFound');
const toSampleType = keyTo(sampleTypes, sampleTypes.sample_type_id, 'sampleTypeNotFound');
const toParameter = keyTo(parameters, parameters.parameter_id, 'parameterNotFound');

const toClinic = keyTo(clinics, clinics.clinic_id, 'clinicNotFound');

/** The tables a reference field may name, by the contract's table name. */
const TARGETS: Partial<Record<EntityName, ForeignKey>> = {
  matrices: toMatrix,
  families: toFamily,
  machines: toMachine,
  nabms: toNabm,
  sample_types: toSampleType,
  parameters: toParameter,
  clinics: toClinic,
};

/** The fields of a table that name rows of another, as the contract's `refersTo` declares them. */
function foreignKeysOf(name: EntityName): Record<string, ForeignKey> {
  const { refersTo }: EntityDefinition = entities[name];
  return Object.fromEntries(
    Object.entries(refersTo ?? {}).map(([field, { table, list }]) => {
      const target = TARGETS[table];
      if (!target) throw new Error(`${name}.${field} names ${table}, which no binding targets`);
      return [field, { ...target, isArray: list === true }];
    }),
  );
}

/** Each reference table of the contract, bound to its database table and to what points at it. */
export const bindings: Record<EntityName, TableBinding> = {
  matrices: {
    entity: entities.matrices,
    table: matrices,
    referencedBy: [
      { table: parameters, column: parameters.parameter_matrix, label: 'parameters' },
      { table: analyses, column: analyses.analysis_matrix, label: 'analyses' },
      { table: samples, column: samples.sample_matrix, label: 'samples' },
    ],
    foreignKeys: foreignKeysOf('matrices'),
  },
  families: {
    entity: entities.families,
    table: families,
    referencedBy: [
      { table: parameters, column: parameters.parameter_family, label: 'parameters' },
      { table: analyses, column: analyses.analysis_family, label: 'analyses' },
    ],
    foreignKeys: foreignKeysOf('families'),
  },
  machines: {
    entity: entities.machines,
    table: machines,
    referencedBy: [
      { table: parameters, column: parameters.parameter_machine, label: 'parameters' },
      { table: analyses, column: analyses.analysis_machines, isArray: true, label: 'analyses' },
    ],
    foreignKeys: foreignKeysOf('machines'),
  },
  sample_types: {
    entity: entities.sample_types,
    table: sampleTypes,
    referencedBy: [
      { table: analyses, column: analyses.analysis_sample_type, label: 'analyses' },
      { table: samples, column: samples.sample_type, label: 'samples' },
    ],
    foreignKeys: foreignKeysOf('sample_types'),
  },
  clinics: {
    entity: entities.clinics,
    table: clinics,
    referencedBy: [
      { table: collectors, column: collectors.collector_owner, label: 'collectors' },
      { table: users, column: users.clinic_id, label: 'users' },
      { table: patients, column: patients.patient_owner, label: 'patients' },
      { table: records, column: records.record_owner, label: 'records' },
    ],
    foreignKeys: foreignKeysOf('clinics'),
    defaultFilters: { clinic_visible: ['true'] },
  },
  prescribers: {
    entity: entities.prescribers,
    table: prescribers,
    referencedBy: [
      { table: users, column: users.prescriber_id, label: 'users' },
      { table: records, column: records.record_prescriber, label: 'records' },
    ],
    foreignKeys: foreignKeysOf('prescribers'),
  },
  nabms: {
    entity: entities.nabms,
    table: nabms,
    referencedBy: [
      { table: analyses, column: analyses.analysis_nabm_codes, isArray: true, label: 'analyses' },
    ],
    foreignKeys: foreignKeysOf('nabms'),
  },
  parameters: {
    entity: entities.parameters,
    table: parameters,
    referencedBy: [
      { table: analyses, column: analyses.analysis_parameters, isArray: true, label: 'analyses' },
    ],
    foreignKeys: foreignKeysOf('parameters'),
    validate: validateParameter,
  },
  analyses: {
    entity: entities.analyses,
    table: analyses,
    // Every record's analyses are in its samples: an analysis a record ordered stays.
    referencedBy: [{ table: samples, column: samples.sample_analyses, isArray: true, label: 'samples' }],
    foreignKeys: foreignKeysOf('analyses'),
    addDefaults: analysisDefaults,
    validate: validateAnalysis,
  },
  collectors: {
    entity: entities.collectors,
    table: collectors,
    clinicScope: (clinicId) => eq(collectors.collector_owner, clinicId),
    referencedBy: [
      { table: records, column: records.record_collector, label: 'records' },
      { table: samples, column: samples.sample_collector, label: 'samples' },
    ],
    foreignKeys: foreignKeysOf('collectors'),
  },
};
