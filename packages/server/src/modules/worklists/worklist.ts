import { patientInitials, type Worklist, type WorklistGroup } from '@sil/contract';
import type { Db } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { machineInLaboratory, waitingRows } from './queries.js';

/** The samples a technician loads on one machine, grouped by analysis in the rows' order. */
export async function worklistOf(db: Db, auth: Authenticated, machineId: string): Promise<Worklist> {
  const laboratoryId = auth.user.laboratory_id;
  const machine = await machineInLaboratory(db, laboratoryId, machineId);
  if (!machine) return fail('machineNotFound');
  const groups = new Map<string, WorklistGroup>();
  for (const row of await waitingRows(db, laboratoryId, machineId)) {
    let group = groups.get(row.analysis_id);
    if (!group) {
      group = { analysis_id: row.analysis_id, analysis_name: row.analysis_name, samples: [] };
      groups.set(row.analysis_id, group);
    }
    group.samples.push({
      sample_id: row.sample_id,
      sample_number: row.sample_number,
      sample_status: row.sample_status,
      record_id: row.record_id,
      record_number: row.record_number,
      record_is_urgent: row.record_is_urgent,
      patient_initials: patientInitials(row.patient_surname, row.patient_name),
      patient_birth_year: row.patient_dob ? Number(row.patient_dob.slice(0, 4)) : null,
      sample_type_name: row.sample_type_name,
      matrix_name: row.matrix_name,
    });
  }
  return { ...machine, groups: [...groups.values()] };
}
