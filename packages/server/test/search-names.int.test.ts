import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { apiClient } from './client.js';
import { seedCatalogue } from './factories.js';
import {
  call,
  DATABASES,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;

/** Names as French laboratories register them: accents, hyphens, apostrophes, ligatures. */
const PEOPLE = [
  {
    patient_surname: 'Lefèvre-Dupont',
    patient_name: 'Hélène',
    patient_gender: 'F',
    patient_dob: '1961-03-02',
  },
  { patient_surname: "d'Artagnan", patient_name: 'Charles', patient_gender: 'M', patient_dob: '1948-11-20' },
  {
    patient_surname: 'Cœur',
    patient_name: 'Anaïs',
    patient_birth_name: 'Ménard',
    patient_gender: 'F',
    patient_dob: '1990-06-30',
  },
  { patient_surname: 'Martin', patient_name: 'Jérôme', patient_gender: 'M', patient_dob: '1975-01-09' },
  {
    patient_surname: 'LEVEQUE',
    patient_name: 'Marie-Hélène',
    patient_gender: 'F',
    patient_dob: '1985-04-12',
  },
];

describe.each(DATABASES)('searching patients and records by name on %s', (kind) => {
  let ctx: TestContext;
  let secretary: Session;
  let nfs: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    const admin = await login(ctx.app, 'admin@demo.lab');
    const catalogue = await seedCatalogue(ctx.app, admin);
    nfs = catalogue.nfs;
    secretary = await login(ctx.app, 'secretariat@demo.lab');
    for (const person of PEOPLE) {
      const response = await call(ctx.app, secretary, 'addPatient', {
        body: { ...person, record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs] }] },
      });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  });
  afterAll(() => stopTestApp(ctx));

  const surnamesFound = async (table: 'patients' | 'records', search: string) => {
    const api = apiClient(ctx.app, secretary);
    const query = { search, number_of_records: 100, page_number: 1 };
    const { data } = await (table === 'patients' ? api.getPatients(query) : api.getRecords(query));
    const surnames = data.map((row) => String(row.patient_surname));
    return [...new Set(surnames)].filter((name) => PEOPLE.some((p) => p.patient_surname === name)).sort();
  };

  it.each([
    ['helene', ['LEVEQUE', 'Lefèvre-Dupont']],
    ['HÉLÈNE', ['LEVEQUE', 'Lefèvre-Dupont']],
    ['lefevre', ['Lefèvre-Dupont']],
    ['Lefèvre-Dupont', ['Lefèvre-Dupont']],
    ['lefevre dupont', ['Lefèvre-Dupont']],
    ['lefevre-dupont helene', ['Lefèvre-Dupont']],
    ["d'Artagnan", ["d'Artagnan"]],
    ['dartagnan', ["d'Artagnan"]],
    ['artagnan charles', ["d'Artagnan"]],
    ['coeur', ['Cœur']],
    ['Cœur Anaïs', ['Cœur']],
    ['menard', ['Cœur']],
    ['jerome', ['Martin']],
    ['martin jérôme', ['Martin']],
  ])('finds %s, whatever the accents, case, hyphens and apostrophes', async (search, expected) => {
    expect(await surnamesFound('patients', search)).toEqual(expected);
    // A record is found by its patient's names the same way.
    expect(await surnamesFound('records', search)).toEqual(expected);
  });

  it.each([
    ['LEVEQUE helene', ['LEVEQUE']],
    ['helene leveque', ['LEVEQUE']],
    ['Marie-Hélène Lévêque', ['LEVEQUE']],
    ['helene lefevre', ['Lefèvre-Dupont']],
    ['Hélène Lefèvre-Dupont', ['Lefèvre-Dupont']],
    ['charles dartagnan', ["d'Artagnan"]],
    ["Charles d'Artagnan", ["d'Artagnan"]],
    ['anais menard', ['Cœur']],
    ['JÉRÔME martin', ['Martin']],
  ])('finds %s by surname and first name typed in either order', async (search, expected) => {
    expect(await surnamesFound('patients', search)).toEqual(expected);
    expect(await surnamesFound('records', search)).toEqual(expected);
  });

  it('finds nobody when one of the words typed is in none of the names', async () => {
    expect(await surnamesFound('patients', 'helene martin')).toEqual([]);
    expect(await surnamesFound('records', 'jerome leveque')).toEqual([]);
  });

  it('still finds by date of birth and finds nothing for a name nobody has', async () => {
    expect(await surnamesFound('patients', '02/03/1961')).toEqual(['Lefèvre-Dupont']);
    expect(await surnamesFound('records', '20/11/1948')).toEqual(["d'Artagnan"]);
    expect(await surnamesFound('patients', 'Zyxwvu')).toEqual([]);
  });

  it('treats % and _ typed in a search as letters, not wildcards', async () => {
    expect(await surnamesFound('patients', '%')).toEqual([]);
    expect(await surnamesFound('records', 'mart_n')).toEqual([]);
  });

  it('finds samples by any part of their number, or of their observations folded as names are', async () => {
    const admin = await login(ctx.app, 'admin@demo.lab');
    const samples = async (search: string) => {
      const response = await call(ctx.app, admin, 'getSamples', {
        query: { search, number_of_records: '100' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: Json[] }>().data;
    };
    const idsOf = async (search: string) => (await samples(search)).map((row) => String(row.sample_id));
    const [first, second] = await samples('');
    if (!first || !second) throw new Error('the records of this file have no samples');
    // No call writes observations yet: set them as a technician's note would read.
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, async (tx) => {
      await tx.execute(
        sql`UPDATE samples SET sample_observations = 'Échantillon hémolysé, prélèvement à refaire'
            WHERE sample_id = ${String(first.sample_id)}`,
      );
      await tx.execute(
        sql`UPDATE samples SET sample_observations = 'RAS' WHERE sample_id = ${String(second.sample_id)}`,
      );
    });
    for (const search of ['hemolyse', 'HÉMOLYSÉ', 'prelevement a refaire', 'Échantillon hémolysé'])
      expect(await idsOf(search)).toEqual([first.sample_id]);
    expect(await idsOf('ras')).toEqual([second.sample_id]);
    expect(await idsOf(String(second.sample_number))).toEqual([second.sample_id]);
    expect(await idsOf('%')).toEqual([]);
  });
  it('finds a renamed patient by the new name at once, and keeps the folded names out of the trace', async () => {
    const created = await call(ctx.app, secretary, 'addPatient', {
      body: {
        patient_surname: 'Lenoir',
        patient_name: 'Zoé',
        patient_gender: 'F',
        patient_dob: '1982-07-14',
        record_selected_analyses: [{ combination: 1, analysis_ids: [nfs] }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { patient_id: patientId, record_id: recordId } = created.json<{
      patient_id: string;
      record_id: string;
    }>();
    const read = await call(ctx.app, secretary, 'getPatient', { query: { patient_id: patientId } });
    const renamed = await call(ctx.app, secretary, 'updatePatient', {
      body: {
        patient_id: patientId,
        patient_last_updated: read.json<Json[]>()[0]?.patient_last_updated,
        patient_surname: 'Lefèvre-Noël',
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const idsFound = async (search: string) => {
      const response = await call(ctx.app, secretary, 'getPatients', { query: { search } });
      return response.json<{ data: Json[] }>().data.map((row) => row.patient_id);
    };
    expect(await idsFound('lefevre noel zoe')).toEqual([patientId]);
    expect(await idsFound('lenoir')).toEqual([]);
    const trace = await call(ctx.app, secretary, 'getRecordTrace', { query: { record_id: recordId } });
    expect(trace.statusCode, trace.body).toBe(200);
    const entries = trace.json<Json[]>().filter((entry) => entry.table_name === 'patients');
    expect(entries.map((entry) => entry.modification_field)).toContain('patient_surname');
    expect(JSON.stringify(entries)).not.toContain('patient_search_names');
  });

  it('finds a number typed whole or by its beginning, and counts each record once', async () => {
    const admin = await login(ctx.app, 'admin@demo.lab');
    const list = async (table: 'records' | 'samples', search: string) => {
      const response = await call(ctx.app, table === 'samples' ? admin : secretary, {
        method: 'GET',
        url: `/api/get-${table}?search=${encodeURIComponent(search)}&number_of_records=100`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: Json[]; number_of_rows: number }>();
    };
    const all = (await list('records', '')).data;
    const martin = all.find((row) => row.patient_surname === 'Martin');
    if (!martin) throw new Error('Martin has no record');
    const number = String(martin.record_number);
    // The patient is also found by this number (their external id holds it): the record is one match.
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, async (tx) => {
      await tx.execute(
        sql`UPDATE patients SET patient_external_id = ${`IPP-${number}`}
            WHERE patient_id = (SELECT record_patient FROM records WHERE record_id = ${String(martin.record_id)})`,
      );
    });
    const whole = await list('records', number);
    expect(whole.data.map((row) => row.record_number)).toEqual([number]);
    expect(whole.number_of_rows).toBe(1);
    // The day's six digits find the day's records: every record of this file was made today.
    const day = await list('records', number.slice(0, 6));
    expect(day.number_of_rows).toBe(all.length);
    expect(day.data).toHaveLength(all.length);
    // Samples by the number of their record (their own number's beginning) and by their own number.
    const samples = await list('samples', number);
    expect(samples.data.length).toBeGreaterThan(0);
    expect(samples.data.every((row) => String(row.sample_number).startsWith(number))).toBe(true);
    const first = samples.data[0];
    expect((await list('samples', String(first?.sample_number))).data.map((row) => row.sample_id)).toEqual([
      first?.sample_id,
    ]);
    // Shorter digits keep the search by any part: the day's counter finds the record.
    expect((await list('records', number.slice(-4))).data.map((row) => row.record_number)).toContain(number);
  });

  it('counts a patient found by two of its fields once, and one found by its external id alone', async () => {
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, async (tx) => {
      // Martin is found by name and by this external id; Charles d'Artagnan by his external id only.
      await tx.execute(
        sql`UPDATE patients SET patient_external_id = 'MARTIN-77' WHERE patient_surname = 'Martin'`,
      );
      await tx.execute(
        sql`UPDATE patients SET patient_external_id = 'dossier martin' WHERE patient_surname = ${"d'Artagnan"}`,
      );
    });
    const response = await call(ctx.app, secretary, 'getPatients', { query: { search: 'martin' } });
    expect(response.statusCode, response.body).toBe(200);
    const found = response.json<{ data: Json[]; number_of_rows: number }>();
    expect(found.data.map((row) => row.patient_surname).sort()).toEqual(['Martin', "d'Artagnan"]);
    expect(found.number_of_rows).toBe(2);
  });
});
