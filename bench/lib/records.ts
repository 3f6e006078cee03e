import autocannon from 'autocannon';
import type { LoadOptions, Session } from './http.js';

function headers(session: Session): Record<string, string> {
  return {
    authorization: `Bearer ${session.access_token}`,
    uid: session.uid,
    authmachineid: session.authMachineId,
    'content-type': 'application/json',
  };
}

async function post(
  baseUrl: string,
  session: Session,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: headers(session),
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200)
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** Three analyses on three tubes, as a common blood-and-urine prescription orders. */
export async function seedAnalyses(baseUrl: string, session: Session): Promise<string[]> {
  const blood = String(
    (await post(baseUrl, session, '/api/add-matrix', { matrix_name: 'Sang (bench)' })).matrix_id,
  );
  const urine = String(
    (await post(baseUrl, session, '/api/add-matrix', { matrix_name: 'Urine (bench)' })).matrix_id,
  );
  const tube = async (name: string) =>
    String((await post(baseUrl, session, '/api/add-sampletype', { sample_type_name: name })).sample_type_id);
  const [edta, dry, pot] = [
    await tube('EDTA (bench)'),
    await tube('Sec (bench)'),
    await tube('Flacon (bench)'),
  ];
  // Each measures a parameter of its own: an analysis is orderable only with one (issue 40).
  const analysis = async (name: string, type: string, matrix: string) => {
    const parameter = await post(baseUrl, session, '/api/add-parameter', { parameter_name: name });
    const added = await post(baseUrl, session, '/api/add-analysis', {
      analysis_name: name,
      analysis_sample_type: type,
      analysis_matrix: matrix,
      analysis_parameters: [String(parameter.parameter_id)],
    });
    return String(added.analysis_id);
  };
  return [
    await analysis('NFS (bench)', edta, blood),
    await analysis('Glycémie (bench)', dry, blood),
    await analysis('ECBU (bench)', pot, urine),
  ];
}

let sequence = 0;
/** A new patient with a new record of three analyses per request: the front desk's main write. */
export function loadRegistrations(
  baseUrl: string,
  session: Session,
  analysisIds: string[],
  options: LoadOptions,
): Promise<autocannon.Result> {
  return autocannon({
    url: `${baseUrl}/api/add-patient`,
    headers: headers(session),
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            patient_surname: `Patient${sequence++}`,
            patient_name: 'Bench',
            patient_gender: sequence % 2 ? 'F' : 'M',
            patient_dob: '1980-01-01',
            record_selected_analyses: [{ combination: 1, analysis_ids: analysisIds }],
          }),
        }),
      },
    ],
    duration: options.durationSeconds,
    connections: options.connections,
  });
}

/** The records table as the front desk searches it: by patient name, 25 lines. */
export function loadRecordSearch(
  baseUrl: string,
  session: Session,
  options: LoadOptions,
): Promise<autocannon.Result> {
  return autocannon({
    url: `${baseUrl}/api/get-records?search=Patient12&number_of_records=25&page_number=1`,
    headers: headers(session),
    duration: options.durationSeconds,
    connections: options.connections,
  });
}
