import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/open.js';
import { seedDemo } from '../src/seed/demo.js';
import { seedCatalogue } from './factories.js';
import { call, codeOf, DATABASES, login, openTestDatabase, type Session } from './helpers.js';

const SURNAME = 'Zébulon-Quintessence';
const DOB = '1961-07-14';
const NOTE = 'allergie-pénicilline-secrète';

/** Patient data never reaches the server log, even when the database refuses a write (finding 5). */
describe.each(DATABASES)('the server log on %s', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  let admin: Session;
  let analysis: string;
  let log = '';

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemo(database.db);
    const config = loadConfig({
      DATA_DIR: '/nonexistent',
      WEB_DIST_DIR: '/nonexistent',
      STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), 'sil-files-')),
      LOG_LEVEL: 'trace',
    });
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    app = await buildApp({ config, db: database.db, logStream });
    await app.ready();
    admin = await login(app, 'admin@demo.lab');
    analysis = (await seedCatalogue(app, admin)).nfs;
    // A database that refuses this patient and quotes the refused values, as constraint errors do.
    await database.db.execute(
      sql.raw(`CREATE FUNCTION refuse_patient() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.patient_surname LIKE 'Zébulon%' THEN
            RAISE EXCEPTION 'refused % born %', NEW.patient_surname, NEW.patient_dob
              USING DETAIL = 'Key (patient_surname)=(' || NEW.patient_surname || ') refused.';
          END IF;
          RETURN NEW;
        END $$`),
    );
    await database.db.execute(
      sql.raw(
        'CREATE TRIGGER refuse_patient BEFORE INSERT ON patients FOR EACH ROW EXECUTE FUNCTION refuse_patient()',
      ),
    );
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('keeps names, dates of birth, notes, passwords and tokens out of the log', async () => {
    const patient = {
      patient_surname: SURNAME,
      patient_name: 'Anne',
      patient_gender: 'F',
      patient_dob: DOB,
      patient_internal_notes: NOTE,
      record_selected_analyses: [{ combination: 1, analysis_ids: [analysis] }],
    };
    const refused = await call(app, admin, 'addPatient', { body: patient });
    expect([refused.statusCode, codeOf(refused)]).toEqual([500, 'unexpectedError']);
    const invalid = await call(app, admin, 'addPatient', { body: { ...patient, patient_dob: '1961-02-30' } });
    expect(invalid.statusCode).toBe(400);
    const searched = await call(app, admin, 'getPatients', { query: { search: SURNAME } });
    expect(searched.statusCode).toBe(200);

    // The failure is logged, with the statement and the SQLSTATE an operator needs.
    expect(log).toContain('"P0001"');
    expect(log).toContain('insert into \\"patients\\"');
    for (const secret of [SURNAME, 'Zébulon', DOB, NOTE, admin.access_token, admin.refresh_token])
      expect(log).not.toContain(secret);
  });
});
