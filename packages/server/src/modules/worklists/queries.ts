import { RECORD_STATUS, SAMPLE_STATUS } from '@sil/contract';
import { and, asc, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import { analyses } from '../../db/schema/catalogue.js';
import { machines, matrices, sampleTypes } from '../../db/schema/reference.js';
import { patients, records, samples } from '../records/tables.js';

export async function machineInLaboratory(q: Queryable, laboratoryId: string, machineId: string) {
  const [machine] = await q
    .select({ machine_id: machines.machine_id, machine_name: machines.machine_name })
    .from(machines)
    .where(and(eq(machines.machine_id, machineId), eq(machines.laboratory_id, laboratoryId)));
  return machine;
}

/**
 * One row per sample and analysis waiting for the machine: the record is at the laboratory
 * (received, not cancelled), the sample not yet removed, and the analysis runs on the machine —
 * unless the bench put the sample on another machine, which then is its only one.
 */
export function waitingRows(q: Queryable, laboratoryId: string, machineId: string) {
  return q
    .select({
      analysis_id: analyses.analysis_id,
      analysis_name: analyses.analysis_name,
      sample_id: samples.sample_id,
      sample_number: samples.sample_number,
      sample_status: samples.sample_status,
      record_id: records.record_id,
      record_number: records.record_number,
      record_is_urgent: records.record_is_urgent,
      patient_surname: patients.patient_surname,
      patient_name: patients.patient_name,
      patient_dob: patients.patient_dob,
      sample_type_name: sampleTypes.sample_type_name,
      matrix_name: matrices.matrix_name,
    })
    .from(samples)
    .innerJoin(records, eq(records.record_id, samples.sample_record))
    .innerJoin(patients, eq(patients.patient_id, records.record_patient))
    .innerJoin(analyses, sql`${analyses.analysis_id} = any(${samples.sample_analyses})`)
    .leftJoin(sampleTypes, eq(sampleTypes.sample_type_id, samples.sample_type))
    .leftJoin(matrices, eq(matrices.matrix_id, samples.sample_matrix))
    .where(
      and(
        eq(samples.laboratory_id, laboratoryId),
        lt(samples.sample_status, SAMPLE_STATUS.removed),
        gte(records.record_status, RECORD_STATUS.registered),
        eq(records.record_annulr_flag, false),
        or(
          eq(samples.sample_machine, machineId),
          and(isNull(samples.sample_machine), sql`${machineId}::uuid = any(${analyses.analysis_machines})`),
        ),
      ),
    )
    .orderBy(
      asc(analyses.analysis_name),
      desc(records.record_is_urgent),
      asc(records.record_number),
      asc(samples.sample_number),
    );
}
