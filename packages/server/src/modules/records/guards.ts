import { type ErrorCode, isFrozenRecord, type Rights, type SelectedAnalysesInput } from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/open.js';
import { clinics, prescribers } from '../../db/schema/clinics.js';
import { patients, records } from '../../db/schema/records.js';
import { collectors, machines } from '../../db/schema/reference.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { updateIfUnchanged } from '../../lib/concurrency.js';
import { fail } from '../../lib/errors.js';
import { missingInLaboratory, type TenantTable } from '../../lib/tenant.js';
import { type RecordRow, recordScope } from './scope.js';

type Row = Record<string, unknown>;

/** A locked record takes no change at all, whatever the action. */
export function assertUnlocked(record: { record_locked: boolean }): void {
  if (record.record_locked) fail('cannotEditLock');
}

/** What no update, note or status change may touch: locked, cancelled or already sent records. */
export function assertEditable(record: RecordRow): void {
  assertUnlocked(record);
  if (isFrozenRecord(record))
    fail('invalidRecordStatusForUpdate', {
      record_status: record.record_status,
      cancelled: record.record_annulr_flag,
    });
}

/** Creating or changing a patient needs the patients right at the edit level. */
export function assertPatientEditor(rights: Rights): void {
  if (rights.admin_patients < 2)
    fail(rights.admin_patients === 0 ? 'noAdminRights' : 'insufficientAdminRights');
}

const tenant = (
  table: TenantTable['table'],
  idColumn: TenantTable['idColumn'],
  lab: TenantTable['laboratoryColumn'],
) => ({
  table,
  idColumn,
  laboratoryColumn: lab,
});
const toClinic = tenant(clinics, clinics.clinic_id, clinics.laboratory_id);
/** The fields of patients and records that name a row of the laboratory, with the code of a miss. */
const REFERENCES = [
  {
    field: 'record_collector',
    target: tenant(collectors, collectors.collector_id, collectors.laboratory_id),
    code: 'collectorNotFound',
  },
  {
    field: 'record_prescriber',
    target: tenant(prescribers, prescribers.prescriber_id, prescribers.laboratory_id),
    code: 'prescriberNotFound',
  },
  { field: 'record_owner', target: toClinic, code: 'clinicNotFound' },
  { field: 'patient_owner', target: toClinic, code: 'clinicNotFound' },
] as const;
const toRecord = tenant(records, records.record_id, records.laboratory_id);

type Reference = { field: string; target: TenantTable; code: ErrorCode };

async function assertInLaboratory(
  tx: Tx,
  laboratoryId: string,
  values: Row,
  references: readonly Reference[],
): Promise<void> {
  for (const { field, target, code } of references) {
    const value = values[field];
    if (typeof value !== 'string') continue;
    const missing = await missingInLaboratory(tx, target, laboratoryId, [value]);
    if (missing.length > 0) fail(code, { field });
  }
}

/** Every id the values carry names a row of the caller's laboratory. */
export async function assertReferencesInLaboratory(tx: Tx, laboratoryId: string, values: Row): Promise<void> {
  await assertInLaboratory(tx, laboratoryId, values, REFERENCES);
  const linked = values.record_linked_records;
  if (Array.isArray(linked) && linked.length > 0) {
    const missing = await missingInLaboratory(tx, toRecord, laboratoryId, linked.map(String));
    if (missing.length > 0) fail('recordNotFound', { field: 'record_linked_records' });
  }
}

const SAMPLE_REFERENCES = [
  {
    field: 'sample_machine',
    target: tenant(machines, machines.machine_id, machines.laboratory_id),
    code: 'machineNotFound',
  },
  {
    field: 'sample_collector',
    target: tenant(collectors, collectors.collector_id, collectors.laboratory_id),
    code: 'collectorNotFound',
  },
] as const;

/** The machine and collector a sample is given belong to the caller's laboratory. */
export const assertSampleReferences = (tx: Tx, laboratoryId: string, values: Row) =>
  assertInLaboratory(tx, laboratoryId, values, SAMPLE_REFERENCES);

/** A record update that applies only if `record_last_updated` is still the one the caller read. */
export const updateRecordIfUnchanged = (
  tx: Tx,
  auth: Authenticated,
  target: { record_id: string; record_last_updated: string },
  changes: Partial<typeof records.$inferInsert>,
) =>
  updateIfUnchanged(
    tx,
    records,
    {
      idColumn: records.record_id,
      id: target.record_id,
      stampColumn: records.record_last_updated,
      stamp: target.record_last_updated,
      scope: recordScope(auth),
    },
    changes,
    'recordNotFound',
  );

/** A patient update that applies only if `patient_last_updated` is still the one the caller read. */
export const updatePatientIfUnchanged = (
  tx: Tx,
  laboratoryId: string,
  target: { patient_id: string; patient_last_updated: string },
  changes: Partial<typeof patients.$inferInsert>,
) =>
  updateIfUnchanged(
    tx,
    patients,
    {
      idColumn: patients.patient_id,
      id: target.patient_id,
      stampColumn: patients.patient_last_updated,
      stamp: target.patient_last_updated,
      scope: eq(patients.laboratory_id, laboratoryId),
    },
    changes,
    'patientNotFound',
  );

/** The selected analyses as stored: combinations as numbers, whatever encoding the body used. */
export const storedSelection = (selected: SelectedAnalysesInput) =>
  selected.map((group) => ({ combination: Number(group.combination), analysis_ids: group.analysis_ids }));
