import { type AddPatientBody, type BiologyChapter, SAMPLE_STATUS } from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/open.js';
import { patients } from '../src/db/schema/index.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { apiClient } from './client.js';
import { type Staff, seedCatalogue } from './factories.js';
import type { Session } from './helpers.js';

/**
 * The catalogue the CR-BIO shapes need, made through the API: families under their report
 * chapters, parameters with and without LOINC (numbers with ranges, a PCR text, a screen with a
 * positivity threshold, a forensic ethanol) and one analysis of each. `ids` names each created id;
 * `of:<parameter id>` names the analysis that measures it.
 */
export async function cdaCatalogue(app: FastifyInstance, admin: Session): Promise<Record<string, string>> {
  const api = apiClient(app, admin);
  const ids: Record<string, string> = {};
  const family = async (name: string, chapter: BiologyChapter) =>
    String((await api.reference('families').add({ family_name: name, family_chapter: chapter })).family_id);
  const parameter = async (fields: Record<string, unknown>) =>
    String((await api.reference('parameters').add(fields)).parameter_id);
  const analysis = async (fields: Record<string, unknown>) =>
    String((await api.reference('analyses').add(fields)).analysis_id);
  const catalogue = await seedCatalogue(app, admin);
  ids.prescriber = String(
    (
      await api.reference('prescribers').add({
        prescriber_surname: 'LEGRAND',
        prescriber_name: 'Paul',
        prescriber_title: 'Dr',
        prescriber_rpps: '10001234565',
      })
    ).prescriber_id,
  );
  const biochemistry = await family('Biochimie', '18719-5');
  const haematology = await family('Hématologie', '18723-7');
  const microbiology = await family('Microbiologie', '18725-2');
  const serology = await family('Sérologie virale', '92893-7');
  const toxicology = await family('Toxicologie', '18728-6');
  const unit = (parameterId: string, analysisId: string) => {
    ids[`of:${parameterId}`] = analysisId;
    return analysisId;
  };
  const blood = { analysis_sample_type: catalogue.serum, analysis_matrix: catalogue.blood };
  ids.glucose = await parameter({
    parameter_name: 'Glucose',
    parameter_code: 'GLU',
    parameter_loinc: '2345-7',
    parameter_unit: 'g/L',
    parameter_decimals: 2,
    parameter_ranges: [{ population: 'default', min: 0.7, max: 1.1 }],
  });
  ids.haemoglobin = await parameter({
    parameter_name: 'Hémoglobine',
    parameter_code: 'HB',
    parameter_loinc: '718-7',
    parameter_unit: 'g/dL',
    parameter_decimals: 1,
    parameter_ranges: [{ population: 'default', min: 12, max: 16 }],
  });
  ids.pcr = await parameter({
    parameter_name: 'ARN SARS-CoV-2',
    parameter_code: 'COVPCR',
    parameter_loinc: '94500-6',
  });
  ids.hbs = await parameter({
    parameter_name: 'Ag HBs',
    parameter_code: 'HBSAG',
    parameter_unit: 'COI',
    parameter_decimals: 2,
    parameter_positivity_threshold: 1,
  });
  ids.sodium = await parameter({
    parameter_name: 'Sodium',
    parameter_code: 'NA',
    parameter_loinc: '2951-2',
    parameter_unit: 'mmol/L',
  });
  ids.ethanol = await parameter({
    parameter_name: 'Éthanol',
    parameter_code: 'ETOH',
    parameter_unit: 'g/L',
    parameter_decimals: 2,
    parameter_is_forensic: true,
  });
  ids.glycaemia = unit(
    ids.glucose,
    await analysis({
      analysis_name: 'Glycémie à jeun',
      analysis_family: biochemistry,
      analysis_nabm_codes: ['0552'],
      analysis_parameters: [ids.glucose],
      ...blood,
    }),
  );
  ids.count = unit(
    ids.haemoglobin,
    await analysis({
      analysis_name: 'Hémoglobine',
      analysis_family: haematology,
      analysis_nabm_codes: ['1104'],
      analysis_parameters: [ids.haemoglobin],
      analysis_sample_type: catalogue.edta,
      analysis_matrix: catalogue.blood,
    }),
  );
  ids.covid = unit(
    ids.pcr,
    await analysis({
      analysis_name: 'PCR SARS-CoV-2',
      analysis_family: microbiology,
      analysis_parameters: [ids.pcr],
      ...blood,
    }),
  );
  ids.hbsag = unit(
    ids.hbs,
    await analysis({
      analysis_name: 'Antigène HBs',
      analysis_family: serology,
      analysis_parameters: [ids.hbs],
      ...blood,
    }),
  );
  ids.ionogram = unit(
    ids.sodium,
    await analysis({
      analysis_name: 'Ionogramme',
      analysis_family: biochemistry,
      analysis_parameters: [ids.sodium],
      ...blood,
    }),
  );
  ids.alcohol = unit(
    ids.ethanol,
    await analysis({
      analysis_name: 'Alcoolémie',
      analysis_family: toxicology,
      analysis_is_forensic: true,
      analysis_parameters: [ids.ethanol],
      ...blood,
    }),
  );
  return ids;
}

/** A result typed at the bench: a number or a text for one parameter of the catalogue. */
export type BenchResults = Array<{ parameter_id: string; result_value?: number; result_text?: string }>;

/**
 * A record of these analyses of the catalogue through the front desk and the bench, each result
 * typed on the sample that carries its analysis; `finish` receives it, completes its samples and
 * has the biologist validate it (apart, so that a test can change the record in between).
 */
export async function benchRecord(
  app: FastifyInstance,
  staff: Staff,
  ids: Record<string, string>,
  analysisIds: string[],
  results: BenchResults,
  patient: Partial<AddPatientBody>,
) {
  const as = (who: keyof Staff) => apiClient(app, staff[who]);
  const created = await as('secretary').addPatient({
    patient_gender: 'F',
    patient_dob: '1979-03-21',
    ...patient,
    record_prescriber: ids.prescriber,
    record_selected_analyses: [{ combination: 1, analysis_ids: analysisIds }],
  } as AddPatientBody);
  const sampleIds = created.samples.map((sample) => sample.sample_id);
  for (const sample_id of sampleIds) {
    const [sample] = await as('admin').getSample({ sample_id });
    const own = results.filter((result) =>
      sample?.sample_analyses.some((id) => ids[`of:${result.parameter_id}`] === id),
    );
    if (own.length > 0) await as('technician').updateSampleResults({ sample_id, results: own });
  }
  const finish = async () => {
    await as('secretary').receiveRecord({ record_id: created.record_id });
    for (const sample_id of sampleIds)
      await as('technician').updateSampleStatus({
        sample_id,
        sample_status: SAMPLE_STATUS.removed,
        force_save: true,
      });
    await as('biologist').validateRecord({ record_id: created.record_id, sample_ids: sampleIds });
  };
  return { recordId: created.record_id, patientId: created.patient_id, sampleIds, finish };
}

/** The patient's identity made qualified with a test INS (NIR test root), as the INSi check leaves it. */
export const qualifyIdentity = (db: Db, patientId: string) =>
  writeTransaction(db, SYSTEM_ACTOR, (tx) =>
    tx
      .update(patients)
      .set({
        patient_ins: '279035121518989',
        patient_ins_oid: '1.2.250.1.213.1.4.10',
        patient_identity_status: 'qualified',
      })
      .where(eq(patients.patient_id, patientId)),
  );
