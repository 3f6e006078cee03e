import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/open.js';
import { recordDayCounts } from '../src/db/schema/index.js';
import { restoreLaboratory } from '../src/modules/backups/index.js';
import { laboratoryRows, TENANT_TABLES } from '../src/modules/backups/queries.js';
import { seedCatalogue } from './factories.js';
import {
  call,
  codeOf,
  DATABASES,
  login,
  openTestDatabase,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;

/** Every table of a laboratory, rows in a comparable order; the audit trail without its entry numbers. */
async function snapshot(database: Database, laboratoryId: string) {
  const out: Record<string, string[]> = {};
  for (const table of TENANT_TABLES) {
    const rows = await laboratoryRows(database.db, table, laboratoryId);
    const comparable = rows.map(({ modification_id: _serial, ...row }) => JSON.stringify(row));
    out[table.name] = table.name === 'audit_trail' ? comparable : comparable.sort();
  }
  return out;
}

describe.each(DATABASES)('backups on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let fresh: Database | undefined;
  const post = (url: string, payload: Json, session = admin) =>
    call(ctx.app, session, { method: 'POST', url, payload });
  const get = (url: string, session = admin) => call(ctx.app, session, { method: 'GET', url });

  beforeAll(async () => {
    ctx = await startTestApp(kind, { BACKUP_DIR: mkdtempSync(path.join(os.tmpdir(), 'sil-backups-')) });
    admin = await login(ctx.app, 'admin@demo.lab');
    const catalogue = await seedCatalogue(ctx.app, admin);
    const created = await post('/api/add-patient', {
      patient_surname: 'Sauvegarde',
      patient_name: 'Anne',
      patient_gender: 'F',
      patient_dob: '1980-02-29',
      record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs, catalogue.glucose] }],
    });
    const patient = (await get(`/api/get-patient?patient_id=${created.json().patient_id}`)).json<Json[]>()[0];
    await call(ctx.app, admin, {
      method: 'PUT',
      url: '/api/update-patient',
      payload: {
        patient_id: patient?.patient_id,
        patient_last_updated: patient?.patient_last_updated,
        patient_city: 'Lyon',
      },
    });
  });
  afterAll(async () => {
    await stopTestApp(ctx);
    await fresh?.close();
  });

  it('refuses an empty choice of tables, unknown tables, unknown backups and non-administrators', async () => {
    expect([
      (await post('/api/add-backup', { tables: [] })).statusCode,
      codeOf(await post('/api/add-backup', { tables: [] })),
    ]).toEqual([400, 'noTablesToBackup']);
    expect(codeOf(await post('/api/add-backup', { tables: ['patients', 'pg_authid'] }))).toBe(
      'invalidOption',
    );
    const missing = await get('/api/download-backup?backup_id=00000000-0000-4000-8000-000000000000');
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'backupNotFound']);
    const biologist = await login(ctx.app, 'biologiste@demo.lab');
    expect((await post('/api/add-backup', {}, biologist)).statusCode).toBe(403);
    expect((await get('/api/get-backups', biologist)).statusCode).toBe(403);
  });

  it('backs up, lists, downloads and restores into a fresh instance with the same data and audit trail', async () => {
    const made = await post('/api/add-backup', {});
    expect(made.statusCode, made.body).toBe(200);
    const row = made.json<{ backup_id: string; backup_tables: Record<string, number> }>();
    expect(row.backup_tables.patients).toBe(1);
    expect(row.backup_tables.samples).toBe(2);
    expect(row.backup_tables.audit_trail).toBeGreaterThan(10);
    const listed = (await get('/api/get-backups')).json<Json[]>();
    expect(listed.map((b) => b.backup_id)).toContain(row.backup_id);
    const file = (await get(`/api/download-backup?backup_id=${row.backup_id}`)).json<Json>();
    const bytes = Buffer.from(String(file.content_base64), 'base64');
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    fresh = await openTestDatabase(kind);
    const restored = await restoreLaboratory(fresh.db, bytes);
    const laboratoryId = restored.laboratory_id;
    expect(await snapshot(fresh, laboratoryId)).toEqual(await snapshot(ctx.database, laboratoryId));
    // The records' per-day counts are not in the file: the restored records wrote them again.
    const dayCounts = async (database: Database) =>
      (
        await database.db
          .select()
          .from(recordDayCounts)
          .where(eq(recordDayCounts.laboratory_id, laboratoryId))
      )
        .map((count) => JSON.stringify(count))
        .sort();
    expect(row.backup_tables.record_day_counts).toBeUndefined();
    expect(await dayCounts(fresh)).toEqual(await dayCounts(ctx.database));
    expect((await dayCounts(fresh)).length).toBeGreaterThan(0);
    await expect(restoreLaboratory(fresh.db, bytes)).rejects.toMatchObject({ code: 'invalidOperation' });

    // The restored instance works: its users log in and find their patients.
    const app = await buildApp({ config: ctx.config, db: fresh.db, logger: false });
    try {
      const restoredAdmin = await login(app, 'admin@demo.lab');
      const patients = await call(app, restoredAdmin, {
        method: 'GET',
        url: '/api/get-patients?search=Sauvegarde',
      });
      expect(patients.json().data[0]).toMatchObject({ patient_city: 'Lyon', patient_dob: '1980-02-29' });
    } finally {
      await app.close();
    }
  });
});
