import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open.js';
import { type ChildServer, startChildServer, stopChildServer } from './child-server.js';
import { createPostgresDatabase, DATABASES, DEMO_DIGEST, newMachineId } from './helpers.js';

type Json = Record<string, unknown>;

/** A logged-in HTTP client of a child server. */
async function clientOf(server: ChildServer) {
  const machineId = newMachineId();
  const login = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.lab', password: DEMO_DIGEST, auth_machine_id: machineId }),
  });
  const tokens = (await login.json()) as { uid: string; access_token: string };
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${tokens.access_token}`,
    uid: tokens.uid,
    authmachineid: machineId,
  };
  return async (method: string, url: string, body?: Json) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
}

describe.each(DATABASES)('a crash during writes on %s', (kind) => {
  let server: ChildServer | undefined;
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    await stopChildServer(server, 'SIGKILL');
    for (const cleanup of cleanups) await cleanup();
  });

  it('loses no acknowledged record and leaves no half-written one', async () => {
    // The test writes its own small catalogue: the demo users without the demo's.
    let env: Record<string, string> = { SEED_DEMO_CATALOGUE: 'false' };
    if (kind === 'postgres') {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      env = { ...env, DATABASE_URL: database.url };
    } else {
      env = { ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sil-crash-')) };
    }
    server = await startChildServer(env);
    let api = await clientOf(server);
    const id = async (url: string, body: Json, field: string) =>
      String((await api('POST', url, body)).body[field]);
    const matrix = await id('/api/add-matrix', { matrix_name: 'Sang' }, 'matrix_id');
    const edta = await id('/api/add-sampletype', { sample_type_name: 'Tube EDTA' }, 'sample_type_id');
    const serum = await id('/api/add-sampletype', { sample_type_name: 'Tube sec' }, 'sample_type_id');
    // Orderable analyses, each measuring a parameter of its own (issue 40).
    const analysis = async (name: string, type: string) =>
      id(
        '/api/add-analysis',
        {
          analysis_name: name,
          analysis_sample_type: type,
          analysis_matrix: matrix,
          analysis_parameters: [await id('/api/add-parameter', { parameter_name: name }, 'parameter_id')],
        },
        'analysis_id',
      );
    const analyses = [await analysis('NFS', edta), await analysis('Glycémie', serum)];

    // Four writers create records (patient, record, two samples) until the server is killed.
    const acknowledged = new Map<string, string>();
    const attempted: string[] = [];
    let next = 0;
    const writer = async () => {
      for (;;) {
        const surname = `Crash${String(next++).padStart(4, '0')}`;
        attempted.push(surname);
        try {
          const created = await api('POST', '/api/add-patient', {
            patient_surname: surname,
            patient_name: 'Test',
            patient_gender: 'M',
            patient_dob: '1970-01-01',
            record_selected_analyses: [{ combination: 1, analysis_ids: analyses }],
          });
          if (created.status !== 200) throw new Error(JSON.stringify(created.body));
          acknowledged.set(surname, String(created.body.record_number));
        } catch (error) {
          if (error instanceof TypeError) return; // The connection died with the server.
          throw error;
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    while (acknowledged.size < 25) await new Promise((resolve) => setTimeout(resolve, 20));
    await stopChildServer(server, 'SIGKILL');
    await Promise.all(writers);
    expect(attempted.length).toBeGreaterThan(acknowledged.size);

    // It starts again, and serves every acknowledged record.
    server = await startChildServer(env);
    api = await clientOf(server);
    const listed = await api('GET', '/api/get-records');
    expect(listed.status).toBe(200);
    expect(Number(listed.body.number_of_rows)).toBeGreaterThanOrEqual(acknowledged.size);
    await stopChildServer(server, 'SIGTERM');

    // Every attempt is whole (patient, record, both samples) or absent; every acknowledged one whole.
    const database = await openDatabase(
      kind === 'postgres' ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
    );
    try {
      const result = (await database.db.execute(sql`
        SELECT p.patient_surname AS surname, r.record_number AS number, count(s.sample_id)::int AS samples
        FROM patients p
        LEFT JOIN records r ON r.record_patient = p.patient_id
        LEFT JOIN samples s ON s.sample_record = r.record_id
        WHERE p.patient_surname LIKE 'Crash%'
        GROUP BY p.patient_surname, r.record_number`)) as unknown as {
        rows: Array<{ surname: string; number: string | null; samples: number }>;
      };
      const stored = new Map(result.rows.map((row) => [row.surname, row]));
      for (const [surname, number] of acknowledged)
        expect(stored.get(surname), surname).toEqual({ surname, number, samples: 2 });
      for (const row of result.rows) {
        expect(attempted).toContain(row.surname);
        expect([row.number !== null, row.samples]).toEqual([true, 2]);
      }
      expect(result.rows.length).toBe(new Set(result.rows.map((row) => row.surname)).size);
    } finally {
      await database.close();
    }
  }, 180_000);
});
