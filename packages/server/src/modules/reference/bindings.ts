import { type EntityName, entities } from '@sil/contract';
import {
  analyses,
  clinics,
  collectors,
  families,
  machines,
  matrices,
  nabms,
  parameters,
  prescribers,
  sampleTypes,
  users,
} from '../../db/schema/index.js';
import type { TableBinding } from './binding.js';
import { validateAnalysis, validateParameter } from './catalogue-rules.js';

/** Each reference table of the contract, bound to its database table and to what points at it. */
export const bindings: Record<EntityName, TableBinding> = {
  matrices: {
    entity: entities.matrices,
    table: matrices,
    referencedBy: [
      { table: parameters, column: parameters.parameter_matrix, label: 'parameters' },
      { table: analyses, column: analyses.analysis_matrix, label: 'analyses' },
    ],
    foreignKeys: {},
  },
  families: {
    entity: entities.families,
    table: families,
    referencedBy: [
      { table: parameters, column: parameters.parameter_family, label: 'parameters' },
      { table: analyses, column: analyses.analysis_family, label: 'analyses' },
    ],
    foreignKeys: {},
  },
  machines: {
    entity: entities.machines,
    table: machines,
    referencedBy: [
      { table: parameters, column: parameters.parameter_machine, label: 'parameters' },
      { table: analyses, column: analyses.analysis_machines, isArray: true, label: 'analyses' },
    ],
    foreignKeys: {},
  },
  sample_types: { entity: entities.sample_types, table: sampleTypes, referencedBy: [], foreignKeys: {} },
  clinics: {
    entity: entities.clinics,
    table: clinics,
    referencedBy: [
      { table: collectors, column: collectors.collector_owner, label: 'collectors' },
      { table: users, column: users.clinic_id, label: 'users' },
    ],
    foreignKeys: {},
    defaultFilters: { clinic_visible: ['true'] },
  },
  prescribers: {
    entity: entities.prescribers,
    table: prescribers,
    referencedBy: [{ table: users, column: users.prescriber_id, label: 'users' }],
    foreignKeys: {},
  },
  nabms: {
    entity: entities.nabms,
    table: nabms,
    referencedBy: [
      { table: analyses, column: analyses.analysis_nabm_codes, isArray: true, label: 'analyses' },
    ],
    foreignKeys: {},
  },
  parameters: {
    entity: entities.parameters,
    table: parameters,
    referencedBy: [
      { table: analyses, column: analyses.analysis_parameters, isArray: true, label: 'analyses' },
    ],
    foreignKeys: {
      parameter_machine: {
        table: machines,
        idColumn: machines.machine_id,
        laboratoryColumn: machines.laboratory_id,
        notFound: 'machineNotFound',
      },
      parameter_family: {
        table: families,
        idColumn: families.family_id,
        laboratoryColumn: families.laboratory_id,
        notFound: 'familyNotFound',
      },
      parameter_matrix: {
        table: matrices,
        idColumn: matrices.matrix_id,
        laboratoryColumn: matrices.laboratory_id,
        notFound: 'matrixNotFound',
      },
    },
    validate: validateParameter,
  },
  analyses: {
    entity: entities.analyses,
    table: analyses,
    referencedBy: [],
    foreignKeys: {
      analysis_matrix: {
        table: matrices,
        idColumn: matrices.matrix_id,
        laboratoryColumn: matrices.laboratory_id,
        notFound: 'matrixNotFound',
      },
      analysis_family: {
        table: families,
        idColumn: families.family_id,
        laboratoryColumn: families.laboratory_id,
        notFound: 'familyNotFound',
      },
      analysis_nabm_codes: {
        isArray: true,
        table: nabms,
        idColumn: nabms.nabm_code,
        laboratoryColumn: nabms.laboratory_id,
        notFound: 'nabmNotFound',
      },
      analysis_machines: {
        isArray: true,
        table: machines,
        idColumn: machines.machine_id,
        laboratoryColumn: machines.laboratory_id,
        notFound: 'machineNotFound',
      },
      analysis_parameters: {
        isArray: true,
        table: parameters,
        idColumn: parameters.parameter_id,
        laboratoryColumn: parameters.laboratory_id,
        notFound: 'parameterNotFound',
      },
    },
    validate: validateAnalysis,
  },
  collectors: {
    entity: entities.collectors,
    table: collectors,
    referencedBy: [],
    foreignKeys: {
      collector_owner: {
        table: clinics,
        idColumn: clinics.clinic_id,
        laboratoryColumn: clinics.laboratory_id,
        notFound: 'clinicNotFound',
      },
    },
  },
};
