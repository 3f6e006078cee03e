import { SAMPLE_STATUS } from '@sil/contract';
import { loginAsDemoUser, type Session } from '../http.js';
import { type Answer, ChaosClient, Tally } from './client.js';

/** The glucose panel every chaos record orders: one tube, one parameter. */
export interface Catalogue {
  analysisId: string;
  parameterId: string;
}

export interface Staff {
  secretary: Session;
  technician: Session;
  biologist: Session;
}

/** What the server acknowledged (answered 200), to be looked for in the database afterwards. */
export interface Acknowledged {
  /** Every registration sent, by the patient's surname, one surname per registration. */
  registrationsSent: string[];
  registrations: Array<{ surname: string; recordId: string }>;
  results: Array<{ sampleId: string; value: number }>;
  receptions: string[];
  completions: string[];
  validations: string[];
}

export const emptyAcknowledged = (): Acknowledged => ({
  registrationsSent: [],
  registrations: [],
  results: [],
  receptions: [],
  completions: [],
  validations: [],
});

const must = (answer: Answer, what: string): Record<string, unknown> => {
  if (!answer.ok) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/** The catalogue, the staff's sessions and `records` registered beforehand (lists are not empty). */
export async function prepare(
  baseUrl: string,
  records: number,
): Promise<{ catalogue: Catalogue; staff: Staff }> {
  const api = new ChaosClient(baseUrl, new Tally());
  const admin = await loginAsDemoUser(baseUrl, 'admin@demo.lab');
  const id = async (name: string, body: unknown, field: string) =>
    String(must(await api.write(admin, name, body), name)[field]);
  const matrix = await id('addMatrix', { matrix_name: 'Sang (chaos)' }, 'matrix_id');
  const tube = await id('addSampletype', { sample_type_name: 'Tube sec (chaos)' }, 'sample_type_id');
  const parameterId = await id(
    'addParameter',
    {
      parameter_name: 'Glucose (chaos)',
      parameter_code: 'GLUCHAOS',
      parameter_unit: 'g/L',
      parameter_decimals: 3,
      parameter_ranges: [{ population: 'default', min: 0.7, max: 1.1 }],
    },
    'parameter_id',
  );
  const analysisId = await id(
    'addAnalysis',
    {
      analysis_name: 'Glycémie (chaos)',
      analysis_sample_type: tube,
      analysis_matrix: matrix,
      analysis_parameters: [parameterId],
    },
    'analysis_id',
  );
  const staff = {
    secretary: await loginAsDemoUser(baseUrl, 'secretariat@demo.lab'),
    technician: await loginAsDemoUser(baseUrl, 'technicien@demo.lab'),
    biologist: await loginAsDemoUser(baseUrl, 'biologiste@demo.lab'),
  };
  const catalogue = { analysisId, parameterId };
  for (let n = 0; n < records; n += 5) {
    await Promise.all(
      Array.from({ length: Math.min(5, records - n) }, (_, k) =>
        api.write(staff.secretary, 'addPatient', registration(catalogue, `Avant-${n + k}`)).then((answer) => {
          must(answer, 'addPatient');
        }),
      ),
    );
  }
  return { catalogue, staff };
}

const registration = (catalogue: Catalogue, surname: string) => ({
  patient_surname: surname,
  patient_name: 'Chaos',
  patient_gender: 'F',
  patient_dob: '1980-01-02',
  record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.analysisId] }],
});

const LIST_QUERY = { page_number: 1, number_of_records: 25 };

/**
 * One client at the front desk, the bench and the biologist's desk in turn, until `until`: a
 * record registered, the list read, its glucose entered, the record received, its sample completed,
 * the record validated, the list read again. A step the server did not acknowledge ends that record.
 */
export async function recordLives(
  client: ChaosClient,
  staff: Staff,
  catalogue: Catalogue,
  acknowledged: Acknowledged,
  label: string,
  until: () => boolean,
): Promise<void> {
  for (let n = 0; !until(); n++) {
    const surname = `Chaos-${label}-${n}`;
    acknowledged.registrationsSent.push(surname);
    const registered = await client.write(staff.secretary, 'addPatient', registration(catalogue, surname));
    if (!registered.ok) continue;
    const recordId = String(registered.body.record_id);
    const sampleId = String((registered.body.samples as Array<{ sample_id: string }>)[0]?.sample_id);
    acknowledged.registrations.push({ surname, recordId });
    await client.read(staff.secretary, 'getRecords', LIST_QUERY);

    // A value that changes from record to record (three decimals): this very write is looked for.
    const value = Number((1 + (n % 1000) / 1000).toFixed(3));
    const entered = await client.write(staff.technician, 'updateSampleResults', {
      sample_id: sampleId,
      results: [{ parameter_id: catalogue.parameterId, result_value: value }],
    });
    if (!entered.ok) continue;
    acknowledged.results.push({ sampleId, value });

    if (!(await client.write(staff.secretary, 'receiveRecord', { record_id: recordId })).ok) continue;
    acknowledged.receptions.push(recordId);
    const completed = await client.write(staff.technician, 'updateSampleStatus', {
      sample_id: sampleId,
      sample_status: SAMPLE_STATUS.removed,
      force_save: true,
    });
    if (!completed.ok) continue;
    acknowledged.completions.push(sampleId);
    const validated = await client.write(staff.biologist, 'validateRecord', {
      record_id: recordId,
      sample_ids: [sampleId],
    });
    if (!validated.ok) continue;
    acknowledged.validations.push(sampleId);
    await client.read(staff.biologist, 'getRecords', LIST_QUERY);
  }
}
