import { authHeaders, type Session } from './http.js';

const SAMPLES = 200;
const PARAMETERS = 50;
const RUNS = 5;

async function post(baseUrl: string, session: Session, path: string, body: unknown, method = 'POST') {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...authHeaders(session), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200)
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * A laboratory ready for a 10,000-value instrument file: 50 mapped parameters in one analysis and
 * 200 samples ordering it. Answers the sample numbers and the instrument codes.
 */
export async function seedImport(baseUrl: string, session: Session) {
  const matrix = String(
    (await post(baseUrl, session, '/api/add-matrix', { matrix_name: 'Sérum (import)' })).matrix_id,
  );
  const tube = String(
    (await post(baseUrl, session, '/api/add-sampletype', { sample_type_name: 'Sec (import)' }))
      .sample_type_id,
  );
  const codes: string[] = [];
  const parameterIds: string[] = [];
  for (let index = 0; index < PARAMETERS; index++) {
    codes.push(`M${String(index).padStart(3, '0')}`);
    const created = await post(baseUrl, session, '/api/add-parameter', {
      parameter_name: `Molécule ${index} (import)`,
      parameter_unit: 'ng/mL',
      parameter_decimals: 2,
      parameter_ranges: [{ population: 'default', min: 0, max: 50 }],
    });
    parameterIds.push(String(created.parameter_id));
  }
  const analysis = String(
    (
      await post(baseUrl, session, '/api/add-analysis', {
        analysis_name: 'Panel (import)',
        analysis_sample_type: tube,
        analysis_matrix: matrix,
        analysis_parameters: parameterIds,
      })
    ).analysis_id,
  );
  await post(
    baseUrl,
    session,
    '/api/update-import-mappings',
    {
      file_type: 'quantitative',
      mappings: codes.map((code, index) => ({ instrument_code: code, parameter_id: parameterIds[index] })),
    },
    'PUT',
  );
  const numbers: string[] = [];
  for (let index = 0; index < SAMPLES; index++) {
    const created = await post(baseUrl, session, '/api/add-patient', {
      patient_surname: `IMPORT${index}`,
      patient_name: 'Banc',
      patient_gender: index % 2 ? 'F' : 'M',
      patient_dob: '1970-01-01',
      record_selected_analyses: [{ combination: 1, analysis_ids: [analysis] }],
    });
    const [sample] = created.samples as Array<{ sample_number: string }>;
    if (!sample) throw new Error('add-patient answered no sample');
    numbers.push(sample.sample_number);
  }
  return { numbers, codes };
}

/** A Shimadzu quant table: one block per compound, one line per sample; `run` changes every value. */
function quantTable(numbers: string[], codes: string[], run: number): Buffer {
  const lines: string[] = [];
  codes.forEach((code, compound) => {
    lines.push(
      `ID#\t${compound + 1}`,
      `Name\t${code}`,
      '\tData Filename\tSample Name\tSample ID\tSample Type\tArea\tConc.',
    );
    numbers.forEach((number, index) => {
      const value = ((index * 7 + compound * 3 + run) % 600) / 10;
      lines.push(`${index + 1}\trun.lcd\t${number}\t${number}\tUnknown\t${1000 + index}\t${value}`);
    });
    lines.push('');
  });
  return Buffer.from(lines.join('\r\n'));
}

async function upload(baseUrl: string, session: Session, path: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file_type', 'quantitative');
  form.append('file', new Blob([new Uint8Array(bytes)]), 'quant.txt');
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: authHeaders(session),
    body: form,
  });
  const answer = (await response.json()) as Record<string, unknown>;
  const ms = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return { ms, answer };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Medians of 5 previews and 5 imports of a generated 10,000-value file (parse, match, read each
 * value, write); each import run changes every value, so each writes all 10,000.
 */
export async function timeImports(baseUrl: string, session: Session) {
  const { numbers, codes } = await seedImport(baseUrl, session);
  const previews: number[] = [];
  const imports: number[] = [];
  let written = 0;
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const file = quantTable(numbers, codes, run);
    bytes = file.length;
    previews.push((await upload(baseUrl, session, '/api/preview-results-import', file)).ms);
    const imported = await upload(baseUrl, session, '/api/import-results', file);
    imports.push(imported.ms);
    written = Number(imported.answer.written);
  }
  return {
    previewMs: median(previews),
    importMs: median(imports),
    written,
    bytes,
    values: numbers.length * codes.length,
  };
}
