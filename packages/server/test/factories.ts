import { type AddPatientBody, RecordDetail, SAMPLE_STATUS } from '@sil/contract';
import type { FastifyInstance } from 'fastify';
import { type ApiClient, apiClient } from './client.js';
import { login, type Session } from './helpers.js';

/**
 * The set-ups integration tests share, made through the API as the laboratory's users make them:
 * the staff signed in, a small catalogue, a glucose panel, and records taken through the bench to
 * validation.
 */

/** The demo laboratory's staff: its administrator, front desk, technician and biologist. */
export interface Staff {
  admin: Session;
  secretary: Session;
  technician: Session;
  biologist: Session;
}

export async function signInStaff(app: FastifyInstance): Promise<Staff> {
  const [admin, secretary, technician, biologist] = await Promise.all(
    ['admin@demo.lab', 'secretariat@demo.lab', 'technicien@demo.lab', 'biologiste@demo.lab'].map((email) =>
      login(app, email),
    ),
  );
  if (!admin || !secretary || !technician || !biologist) throw new Error('a demo user did not sign in');
  return { admin, secretary, technician, biologist };
}

/** Logs a demo user in and answers the client that calls as them. */
export async function signIn(app: FastifyInstance, email: string): Promise<ApiClient> {
  return apiClient(app, await login(app, email));
}

/** A small catalogue: two matrices, three sample types, NABM acts and orderable analyses on them, each measuring a parameter. */
export async function seedCatalogue(app: FastifyInstance, admin: Session) {
  const api = apiClient(app, admin);
  const matrix = async (name: string) =>
    String((await api.reference('matrices').add({ matrix_name: name })).matrix_id);
  const sampleType = async (name: string) =>
    String((await api.reference('sample_types').add({ sample_type_name: name })).sample_type_id);
  const blood = await matrix('Sang');
  const urine = await matrix('Urine');
  const edta = await sampleType('Tube EDTA');
  const serum = await sampleType('Tube sec');
  const pot = await sampleType('Flacon stérile');
  await api.reference('nabms').add({ nabm_code: '1104', nabm_wording: 'Hémogramme', nabm_coef_b: 26 });
  await api.reference('nabms').add({ nabm_code: '0552', nabm_wording: 'Glucose', nabm_coef_b: 5 });
  // Each measures a parameter of its own: an analysis is orderable only with one (issue 40).
  const measures: Record<string, string> = {};
  const analysis = async (name: string, type: string, matrix: string, codes: string[], measure: string) => {
    const parameter = await api.reference('parameters').add({ parameter_name: measure });
    measures[name] = String(parameter.parameter_id);
    const added = await api.reference('analyses').add({
      analysis_name: name,
      analysis_sample_type: type,
      analysis_matrix: matrix,
      analysis_nabm_codes: codes,
      analysis_parameters: [String(parameter.parameter_id)],
    });
    return String(added.analysis_id);
  };
  return {
    blood,
    urine,
    edta,
    serum,
    pot,
    nfs: await analysis('NFS', edta, blood, ['1104'], 'Leucocytes'),
    glucose: await analysis('Glycémie', serum, blood, ['0552'], 'Glycémie veineuse'),
    ecbu: await analysis('ECBU', pot, urine, [], 'Leucocyturie'),
    /** The parameter the blood count measures (Leucocytes). */
    leucocytes: measures.NFS ?? '',
  };
}

/** A glucose panel on serum beside the catalogue's blood count: two samples for one record. */
export interface GlucosePanel {
  glucose: string;
  panel: string;
  count: string;
  /** The parameter the count measures, which records of the panel leave without a result. */
  countParameter: string;
}

export async function addGlucosePanel(app: FastifyInstance, admin: Session): Promise<GlucosePanel> {
  const catalogue = await seedCatalogue(app, admin);
  const api = apiClient(app, admin);
  const glucose = await api.reference('parameters').add({
    parameter_name: 'Glucose',
    parameter_unit: 'g/L',
    parameter_decimals: 2,
    parameter_ranges: [{ population: 'default', min: 0.7, max: 1.1 }],
  });
  const panel = await api.reference('analyses').add({
    analysis_name: 'Glycémie à jeun',
    analysis_sample_type: catalogue.serum,
    analysis_matrix: catalogue.blood,
    analysis_parameters: [String(glucose.parameter_id)],
  });
  return {
    glucose: String(glucose.parameter_id),
    panel: String(panel.analysis_id),
    count: catalogue.nfs,
    countParameter: catalogue.leucocytes,
  };
}

/** A new patient's identity, the fields a test does not care about filled. */
export const aPatient = (fields: Partial<AddPatientBody> = {}): Partial<AddPatientBody> => ({
  patient_surname: 'Martin',
  patient_name: 'Jeanne',
  patient_gender: 'F',
  patient_dob: '1975-04-12',
  ...fields,
});

/** The staff who take a record from the front desk through the bench. */
export type BenchStaff = Pick<Staff, 'admin' | 'secretary' | 'technician'>;

/** A record waiting for validation: the panel's sample (with its result) and the count's (none). */
export interface PendingRecord {
  recordId: string;
  panel: string;
  count: string;
}

/**
 * A new patient's record of the panel and the blood count taken through the bench: the glucose
 * entered, the record received, both samples completed (the count knowingly, without results), so
 * the record waits for a biologist.
 */
export async function pendingRecord(
  app: FastifyInstance,
  staff: BenchStaff,
  ids: Pick<GlucosePanel, 'glucose' | 'panel' | 'count'>,
  patient: Partial<AddPatientBody> = {},
  glucose = 0.9,
): Promise<PendingRecord> {
  const frontDesk = apiClient(app, staff.secretary);
  const bench = apiClient(app, staff.technician);
  const created = await frontDesk.addPatient({
    ...aPatient(patient),
    record_selected_analyses: [{ combination: 1, analysis_ids: [ids.panel, ids.count] }],
  });
  const carrying = async (analysisId: string) => {
    for (const { sample_id } of created.samples) {
      const [sample] = await apiClient(app, staff.admin).getSample({ sample_id });
      if (sample?.sample_analyses.includes(analysisId)) return sample_id;
    }
    throw new Error(`no sample carries ${analysisId}`);
  };
  const panel = await carrying(ids.panel);
  const count = await carrying(ids.count);
  await bench.updateSampleResults({
    sample_id: panel,
    results: [{ parameter_id: ids.glucose, result_value: glucose }],
  });
  await frontDesk.receiveRecord({ record_id: created.record_id });
  for (const sampleId of [panel, count]) {
    await bench.updateSampleStatus({
      sample_id: sampleId,
      sample_status: SAMPLE_STATUS.removed,
      force_save: true,
    });
  }
  return { recordId: created.record_id, panel, count };
}

/** The same record validated in full by the biologist: its report made, its sends due. */
export async function validatedRecord(
  app: FastifyInstance,
  staff: BenchStaff & Pick<Staff, 'biologist'>,
  ids: GlucosePanel,
  patient: Partial<AddPatientBody> = {},
  glucose = 0.9,
): Promise<PendingRecord> {
  const pending = await pendingRecord(app, staff, ids, patient, glucose);
  await apiClient(app, staff.biologist).validateRecord({
    record_id: pending.recordId,
    sample_ids: [pending.panel, pending.count],
  });
  return pending;
}

/**
 * A record as staff read it: getRecord's whole view (the first its answer may be), with the
 * patient a record of the front desk always has.
 */
export async function staffRecord(app: FastifyInstance, session: Session, recordId: string) {
  const [found] = await apiClient(app, session).getRecord({ record_id: recordId });
  const record = RecordDetail.parse(found);
  if (!record.patient) throw new Error(`record ${recordId} has no patient`);
  return { ...record, patient: record.patient };
}
