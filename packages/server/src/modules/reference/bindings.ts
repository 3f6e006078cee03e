import { type EntityName, entities } from '@sil/contract';
import {
  clinics,
  collectors,
  families,
  machines,
  matrices,
  nabms,
  prescribers,
  sampleTypes,
  users,
} from '../../db/schema/index.js';
import type { TableBinding } from './binding.js';

/** Each reference table of the contract, bound to its database table and to what points at it. */
export const bindings: Record<EntityName, TableBinding> = {
  matrices: { entity: entities.matrices, table: matrices, referencedBy: [], foreignKeys: {} },
  families: { entity: entities.families, table: families, referencedBy: [], foreignKeys: {} },
  machines: { entity: entities.machines, table: machines, referencedBy: [], foreignKeys: {} },
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
  nabms: { entity: entities.nabms, table: nabms, referencedBy: [], foreignKeys: {} },
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
