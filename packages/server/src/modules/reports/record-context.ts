import { insShownOnDocuments } from '@sil/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import { analyses } from '../../db/schema/catalogue.js';
import { prescribers } from '../../db/schema/clinics.js';
import { laboratories } from '../../db/schema/laboratories.js';
import { collectors, matrices, sampleTypes } from '../../db/schema/reference.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { type RecordRow, visibleRecord } from '../records/index.js';
import { patients, samples } from '../records/tables.js';

/** Everything the documents of one record print, read in a handful of queries. */
export async function loadRecordContext(db: Queryable, auth: Authenticated, recordId: string) {
  return contextOfRecord(db, await visibleRecord(db, auth, recordId));
}

/** The same, for a record the caller already holds (the system's own sends read it unscoped). */
export async function contextOfRecord(db: Queryable, record: RecordRow) {
  const [patient] = await db.select().from(patients).where(eq(patients.patient_id, record.record_patient));
  if (!patient) return fail('patientNotFound');
  const [laboratory] = await db
    .select()
    .from(laboratories)
    .where(eq(laboratories.laboratory_id, record.laboratory_id));
  const [prescriber] = record.record_prescriber
    ? await db.select().from(prescribers).where(eq(prescribers.prescriber_id, record.record_prescriber))
    : [];
  const [collector] = record.record_collector
    ? await db.select().from(collectors).where(eq(collectors.collector_id, record.record_collector))
    : [];
  const recordSamples = await db
    .select()
    .from(samples)
    .where(eq(samples.sample_record, record.record_id))
    .orderBy(samples.sample_number);
  const analysisIds = [...new Set(record.record_selected_analyses.flatMap((group) => group.analysis_ids))];
  const ordered =
    analysisIds.length === 0
      ? []
      : await db.select().from(analyses).where(inArray(analyses.analysis_id, analysisIds));
  const typeIds = [
    ...new Set(
      [...recordSamples.map((s) => s.sample_type), ...ordered.map((a) => a.analysis_sample_type)].filter(
        (id): id is string => id !== null,
      ),
    ),
  ];
  const matrixIds = [
    ...new Set(
      [...recordSamples.map((s) => s.sample_matrix), ...ordered.map((a) => a.analysis_matrix)].filter(
        (id): id is string => id !== null,
      ),
    ),
  ];
  const typeNames = new Map(
    (typeIds.length === 0
      ? []
      : await db.select().from(sampleTypes).where(inArray(sampleTypes.sample_type_id, typeIds))
    ).map((t) => [t.sample_type_id, t.sample_type_name]),
  );
  const matrixNames = new Map(
    (matrixIds.length === 0
      ? []
      : await db.select().from(matrices).where(inArray(matrices.matrix_id, matrixIds))
    ).map((m) => [m.matrix_id, m.matrix_name]),
  );
  return {
    laboratoryName: laboratory?.laboratory_name ?? '',
    record,
    patient,
    prescriber,
    collector,
    samples: recordSamples,
    analyses: ordered,
    typeName: (id: string | null) => (id ? (typeNames.get(id) ?? '—') : '—'),
    matrixName: (id: string | null) => (id ? (matrixNames.get(id) ?? '—') : '—'),
    /** The INS goes on a document only for a qualified identity (national INS rules). */
    printableIns:
      insShownOnDocuments(patient.patient_identity_status) && patient.patient_ins && patient.patient_ins_oid
        ? { value: patient.patient_ins, oid: patient.patient_ins_oid }
        : undefined,
  };
}

export type RecordContext = Awaited<ReturnType<typeof loadRecordContext>>;
