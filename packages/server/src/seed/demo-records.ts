import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * A few demo records at each status a record reaches before validation (0 pre-registered,
 * 1 registered, 2 processing, 3 pending validation), some with results. They are made through the
 * API as the demo biologist would make them, so that they obey every rule the screens obey and
 * their trace names a user. Patients are fictional.
 */

interface DemoRecord {
  patient: Record<string, string | boolean | number>;
  analyses: string[];
  urgent?: boolean;
  /** 0 leaves it pre-registered; 1 receives it; 2 starts its first sample; 3 finishes every sample. */
  status: 0 | 1 | 2 | 3;
  /**
   * Results by parameter name, entered once the record is received; those calculated from others
   * (eGFR, LDL, non-HDL) follow them and are never typed.
   */
  results?: Record<string, number>;
}

const RECORDS: DemoRecord[] = [
  {
    patient: {
      patient_surname: 'MARTIN',
      patient_name: 'Sophie',
      patient_gender: 'F',
      patient_dob: '1984-05-12',
    },
    analyses: ['NFS (hémogramme)', 'Glycémie à jeun', 'Créatinine et DFG (CKD-EPI)', 'Bilan lipidique (EAL)'],
    status: 3,
    results: {
      Hémoglobine: 11.4,
      Hématies: 4.1,
      Hématocrite: 35.2,
      VGM: 86,
      Leucocytes: 6.8,
      Plaquettes: 254,
      Glucose: 0.94,
      Créatinine: 70,
      'Cholestérol total': 2.12,
      'Cholestérol HDL': 0.58,
      Triglycérides: 1.05,
    },
  },
  {
    patient: {
      patient_surname: 'DUBOIS',
      patient_name: 'Jean',
      patient_gender: 'M',
      patient_dob: '1958-11-03',
    },
    analyses: ['NFS (hémogramme)', 'Ionogramme sanguin', 'Créatinine et DFG (CKD-EPI)', 'TP / INR'],
    urgent: true,
    status: 2,
    results: { Sodium: 138, Potassium: 5.6, Chlore: 101, Créatinine: 132 },
  },
  {
    patient: {
      patient_surname: 'GARNIER',
      patient_name: 'Léa',
      patient_gender: 'F',
      patient_dob: '1995-02-20',
      patient_pregnant: true,
    },
    analyses: ['Glycémie à jeun', 'TSH', 'Sérologie toxoplasmose (IgG, IgM)', 'Bêta-hCG plasmatique'],
    status: 1,
  },
  {
    patient: {
      patient_surname: 'PETIT',
      patient_name: 'Lucas',
      patient_gender: 'M',
      patient_dob: '2019-03-09',
    },
    analyses: ['NFS (hémogramme)', 'CRP'],
    urgent: true,
    status: 1,
  },
  {
    patient: {
      patient_surname: 'BENALI',
      patient_name: 'Karim',
      patient_gender: 'M',
      patient_dob: '1990-07-14',
    },
    analyses: ['Éthanol sanguin', 'Cannabinoïdes (THC, THC-COOH)', 'Cocaïne et benzoylecgonine'],
    status: 2,
    // The blood alcohol is in; the LC-MS/MS screens wait for their run (their worklist).
    results: { Éthanol: 0.82 },
  },
  {
    patient: {
      patient_surname: 'LEROY',
      patient_name: 'Monique',
      patient_gender: 'F',
      patient_dob: '1949-09-30',
    },
    analyses: ['TSH', 'Ferritine', 'Hémoglobine glyquée (HbA1c)'],
    status: 0,
  },
];

type Api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => Promise<unknown>;

/**
 * The demo's calls as one user. A server whose access tokens live a few seconds (the token refresh
 * journey's) may see the token expire mid-seed on a slow machine: the seed then logs in again.
 */
export async function apiAs(app: FastifyInstance, email: string, password: string): Promise<Api> {
  const logIn = async () => {
    const machine = `${Date.now()}demo00`;
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: {
        email,
        password: createHash('sha256').update(password).digest('hex'),
        auth_machine_id: machine,
      },
    });
    if (login.statusCode !== 200) throw new Error(`demo login failed: ${login.body}`);
    const { access_token, uid } = login.json<{ access_token: string; uid: string }>();
    return { authorization: `Bearer ${access_token}`, uid, authmachineid: machine };
  };
  let headers = await logIn();
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return async (method, url, payload) => {
    let answer = await call(method, url, payload);
    if (answer.statusCode === 401 && answer.json<{ code?: string }>().code === 'accessTokenExpired') {
      headers = await logIn();
      answer = await call(method, url, payload);
    }
    if (answer.statusCode >= 300) throw new Error(`demo ${method} ${url}: ${answer.body}`);
    return answer.json();
  };
}

interface Created {
  record_id: string;
  samples: Array<{ sample_id: string; sample_number: string }>;
}
interface Lines {
  sample: { sample_status: number };
  lines: Array<{ parameter_id: string; parameter_name: string }>;
}

/** Creates the demo records; called once, right after the demo laboratory is created. */
export async function seedDemoRecords(app: FastifyInstance, email: string, password: string): Promise<void> {
  const api = await apiAs(app, email, password);
  const catalogue = (await api('GET', '/api/get-analyses?number_of_records=500&page_number=1')) as {
    data: Array<{ analysis_id: string; analysis_name: string }>;
  };
  const idOf = new Map(catalogue.data.map((row) => [row.analysis_name, row.analysis_id]));
  const collected = new Date(Date.now() - 2 * 3_600_000).toISOString();

  for (const demo of RECORDS) {
    const created = (await api('POST', '/api/add-patient', {
      ...demo.patient,
      record_collection_datetime: collected,
      record_is_urgent: demo.urgent ?? false,
      record_selected_analyses: [
        { combination: 1, analysis_ids: demo.analyses.map((name) => idOf.get(name)) },
      ],
    })) as Created;
    if (demo.status === 0) continue;
    await api('PUT', '/api/receive-record', { record_id: created.record_id });
    for (const sample of demo.results ? created.samples : []) {
      const { lines } = (await api('GET', `/api/get-sample-results?sample_id=${sample.sample_id}`)) as Lines;
      const results = lines
        .filter((line) => demo.results?.[line.parameter_name] !== undefined)
        .map((line) => ({
          parameter_id: line.parameter_id,
          result_value: demo.results?.[line.parameter_name],
        }));
      if (results.length > 0)
        await api('PUT', '/api/update-sample-results', { sample_id: sample.sample_id, results });
    }
    const moving = demo.status === 3 ? created.samples : demo.status === 2 ? created.samples.slice(0, 1) : [];
    for (const sample of moving) {
      // A sample whose results are all in has completed itself: only the steps after its own.
      const { sample: now } = (await api(
        'GET',
        `/api/get-sample-results?sample_id=${sample.sample_id}`,
      )) as Lines;
      const steps = (demo.status === 3 ? [1, 2, 3] : [1, 2]).filter((step) => step > now.sample_status);
      // A demo sample may lack a result it does not show: it is completed knowingly (force_save).
      for (const step of steps)
        await api('PUT', '/api/update-sample-status', {
          sample_id: sample.sample_id,
          sample_status: step,
          ...(step === 3 ? { force_save: true } : {}),
        });
    }
  }
}
