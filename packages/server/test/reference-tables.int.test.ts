import type { QueryValue } from '@sil/contract';
import { and, eq } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, laboratories, users } from '../src/db/schema/index.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { apiClient } from './client.js';
import {
  call,
  codeOf,
  DATABASES,
  digest,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

interface Page {
  data: Array<Record<string, unknown>>;
  number_of_rows: number;
  number_of_pages: number;
}

describe.each(DATABASES)('reference tables on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  /** A table's page read raw: its count of pages is beside the rows the typed list answers. */
  const list = async (session: Session, name: string, query: Record<string, QueryValue> = {}) =>
    (await apiClient(ctx.app, session).send(name, { query })).json<Page>();

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
    for (const [name, code, location] of [
      ['Cobas 8000', 'COB8', 'Salle 1'],
      ['Sysmex XN-1000', 'XN1', 'Salle 2'],
      ['Architect i2000', 'ARC', 'Salle 1'],
      ['Vitros 5600', 'VIT', null],
      ['Atellica', 'ATL', 'Sous-sol'],
    ] as const) {
      const response = await call(ctx.app, admin, 'addMachine', {
        body: { machine_name: name, machine_code: code, machine_location: location },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  });
  afterAll(() => stopTestApp(ctx));

  it('pages, counts, searches and sorts with the options of the table', async () => {
    const page1 = await list(admin, 'getMachines', {
      number_of_records: 2,
      page_number: 1,
      sort_by: 'name',
      sort_order: 'ASC',
    });
    expect([page1.number_of_rows, page1.number_of_pages]).toEqual([5, 3]);
    expect(page1.data.map((m) => m.machine_name)).toEqual(['Architect i2000', 'Atellica']);
    const page3 = await list(admin, 'getMachines', {
      number_of_records: 2,
      page_number: 3,
      sort_by: 'name',
      sort_order: 'ASC',
    });
    expect(page3.data.map((m) => m.machine_name)).toEqual(['Vitros 5600']);
    const beyond = await list(admin, 'getMachines', { number_of_records: 2, page_number: 9 });
    expect([beyond.data, beyond.number_of_rows]).toEqual([[], 5]);

    const byCode = await list(admin, 'getMachines', { sort_by: 'code', sort_order: 'DESC' });
    expect(byCode.data.map((m) => m.machine_code)).toEqual(['XN1', 'VIT', 'COB8', 'ATL', 'ARC']);
    const latestFirst = await list(admin, 'getMachines');
    expect(latestFirst.data[0]?.machine_name).toBe('Atellica');

    const search = await list(admin, 'getMachines', { search: 'salle 1' });
    expect(search.data.map((m) => m.machine_code).sort()).toEqual(['ARC', 'COB8']);
    const literal = await list(admin, 'getMachines', { search: '%' });
    expect(literal.number_of_rows).toBe(0);

    const all = await list(admin, 'getMachines', { number_of_records: 2147483647, page_number: 1 });
    expect([all.data.length, all.number_of_pages]).toEqual([5, 1]);
  });

  it('refuses a sort or filter column outside the fixed list', async () => {
    const injected = await call(ctx.app, admin, 'getMachines', {
      query: { sort_by: 'machine_name;DROP TABLE machines' },
    });
    expect([injected.statusCode, codeOf(injected)]).toEqual([400, 'invalidOption']);
    const filter = await call(ctx.app, admin, 'getMachines', {
      query: { 'filter_column[]': ['laboratory_id'], 'filter_value[]': ['x'] },
    });
    expect(codeOf(filter)).toBe('invalidOption');
  });

  it('filters on booleans and on other tables, values grouped per column', async () => {
    const clinic = (
      await call(ctx.app, admin, 'addClinic', {
        body: { clinic_name: 'Clinique Pasteur', clinic_code: 'PAST' },
      })
    ).json<{ clinic_id: string }>();
    const hidden = (
      await call(ctx.app, admin, 'addClinic', {
        body: { clinic_name: 'Ancienne clinique', clinic_code: 'OLD', clinic_visible: 'false' },
      })
    ).json<{ clinic_id: string }>();
    const visible = await list(admin, 'getClinics');
    expect(visible.data.map((c) => c.clinic_name)).toEqual(['Clinique Pasteur', 'Clinique des Lilas']);
    const onlyHidden = await list(admin, 'getClinics', {
      'filter_column[]': ['clinic_visible'],
      'filter_value[]': ['false'],
    });
    expect(onlyHidden.data.map((c) => c.clinic_id)).toEqual([hidden.clinic_id]);

    for (const [surname, owner] of [
      ['Martin', clinic.clinic_id],
      ['Dubois', hidden.clinic_id],
      ['Leroy', null],
    ] as const) {
      await call(ctx.app, admin, 'addCollector', {
        body: { collector_surname: surname, collector_name: 'Infirmier', collector_owner: owner },
      });
    }
    const one = await list(admin, 'getCollectors', {
      'filter_column[]': ['collector_owner'],
      'filter_value[]': [clinic.clinic_id],
    });
    expect(one.data.map((c) => c.collector_surname)).toEqual(['Martin']);
    const two = await list(admin, 'getCollectors', {
      'filter_column[]': ['collector_owner'],
      'filter_value[]': [`${clinic.clinic_id},${hidden.clinic_id}`],
      sort_by: 'surname',
      sort_order: 'ASC',
    });
    expect(two.data.map((c) => c.collector_surname)).toEqual(['Dubois', 'Martin']);
    const bad = await call(ctx.app, admin, 'getCollectors', {
      query: { 'filter_column[]': ['collector_owner'], 'filter_value[]': ['nope'] },
    });
    expect(codeOf(bad)).toBe('incorrectType');
  });

  it('drops empty fields on create, refuses duplicates, and checks references', async () => {
    const created = await call(ctx.app, admin, 'addFamily', {
      body: { family_name: 'Hématologie', family_rank: 2, family_report_message: '' },
    });
    expect(created.json()).toMatchObject({
      family_name: 'Hématologie',
      family_rank: 2,
      family_report_message: null,
      family_is_envoi: false,
    });
    const dup = await call(ctx.app, admin, 'addFamily', { body: { family_name: 'hématologie' } });
    expect([dup.statusCode, codeOf(dup)]).toEqual([409, 'nameTaken']);
    const code = await call(ctx.app, admin, 'addMachine', {
      body: { machine_name: 'Autre', machine_code: 'cob8' },
    });
    expect(codeOf(code)).toBe('codeAlreadyInUse');
    const missing = await call(ctx.app, admin, 'addFamily', { body: { family_rank: 1 } });
    expect(codeOf(missing)).toBe('missingData');
    const orphan = await call(ctx.app, admin, 'addCollector', {
      body: {
        collector_surname: 'X',
        collector_name: 'Y',
        collector_owner: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(codeOf(orphan)).toBe('clinicNotFound');
  });

  it('updates with the stamp as read, refuses a stale one, and leaves a trace', async () => {
    const matrix = (await call(ctx.app, admin, 'addMatrix', { body: { matrix_name: 'Sang total' } })).json<{
      matrix_id: string;
      matrix_last_updated: string;
    }>();
    const [fetched] = (
      await call(ctx.app, admin, 'getMatrix', { query: { matrix_id: matrix.matrix_id } })
    ).json<Array<{ matrix_last_updated: string }>>();
    expect(fetched?.matrix_last_updated).toBe(matrix.matrix_last_updated);
    const renamed = await call(ctx.app, admin, 'updateMatrix', {
      body: {
        matrix_id: matrix.matrix_id,
        matrix_last_updated: matrix.matrix_last_updated,
        matrix_name: 'Sang',
      },
    });
    expect(renamed.json()).toMatchObject({ matrix_name: 'Sang' });
    const stale = await call(ctx.app, admin, 'updateMatrix', {
      body: {
        matrix_id: matrix.matrix_id,
        matrix_last_updated: matrix.matrix_last_updated,
        matrix_name: 'Plasma',
      },
    });
    expect(codeOf(stale)).toBe('staleUpdate');
    const traces = await ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.table_name, 'matrices'), eq(auditTrail.row_id, matrix.matrix_id)));
    expect(traces.map((t) => [t.modification_type, t.modification_field, t.modification_by])).toEqual([
      ['insert', null, admin.uid],
      ['update', 'matrix_name', admin.uid],
    ]);
    const unknown = await call(ctx.app, admin, 'getMatrix', {
      query: { matrix_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'matrixNotFound']);
  });

  it('deletes several rows at once, all or nothing, and never one still referenced', async () => {
    const ids: string[] = [];
    for (const name of ['Urine', 'Salive', 'Cheveux']) {
      ids.push(
        (await call(ctx.app, admin, 'addMatrix', { body: { matrix_name: name } })).json<{
          matrix_id: string;
        }>().matrix_id,
      );
    }
    const partial = await call(ctx.app, admin, 'deleteMatrices', {
      body: { ids: [ids[0], '00000000-0000-4000-8000-000000000000'] },
    });
    expect(codeOf(partial)).toBe('matrixNotFound');
    expect((await list(admin, 'getMatrices', { search: 'Urine' })).number_of_rows).toBe(1);
    const deleted = await call(ctx.app, admin, 'deleteMatrices', { body: { ids: [ids[0], ids[1]] } });
    expect(deleted.json()).toEqual({ deleted: 2 });

    const lilas = (await list(admin, 'getClinics', { search: 'Lilas' })).data[0];
    const refused = await call(ctx.app, admin, 'deleteClinics', { body: { ids: [lilas?.clinic_id] } });
    expect([codeOf(refused), refused.json().details]).toEqual(['cannotDelete', { referenced_by: 'users' }]);
  });

  it('exports chosen rows or all of them, as CSV and as XLSX', async () => {
    const csv = await call(ctx.app, admin, 'exportMachines', { query: { format: 'csv' } });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="machines-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'machine_id;machine_name;machine_code;machine_location;machine_protocol;machine_transport;machine_host;' +
        'machine_port;machine_serial_path;machine_baud_rate;machine_data_bits;machine_parity;machine_stop_bits;' +
        'machine_agent;machine_download;machine_last_updated',
    );
    expect(lines).toHaveLength(6);

    const machines = await list(admin, 'getMachines', { sort_by: 'code', sort_order: 'ASC' });
    const chosen = machines.data.slice(0, 2).map((m) => String(m.machine_id));
    const xlsx = await call(ctx.app, admin, 'exportMachines', { query: { format: 'xlsx', 'ids[]': chosen } });
    const rows = await readSheet(xlsx.rawPayload, 'machines');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.[2]).toBe('machine_code');
    expect([rows[1]?.[0], rows[2]?.[0]].sort()).toEqual([...chosen].sort());
  });

  it('enforces read, edit and delete levels per table', async () => {
    const technician = await login(ctx.app, 'technicien@demo.lab');
    expect((await call(ctx.app, technician, 'getMachines')).statusCode).toBe(200);
    expect((await call(ctx.app, technician, 'exportMachines')).statusCode).toBe(200);
    const add = await call(ctx.app, technician, 'addMachine', {
      body: { machine_name: 'N', machine_code: 'N' },
    });
    expect(codeOf(add)).toBe('insufficientAdminRights');
    const secretary = await login(ctx.app, 'secretariat@demo.lab');
    expect(codeOf(await call(ctx.app, secretary, 'getMachines'))).toBe('noAdminRights');
    // The front desk reads the families it searches analyses by, and changes none.
    expect((await call(ctx.app, secretary, 'getFamilies')).statusCode).toBe(200);
    const family = await call(ctx.app, secretary, 'addFamily', { body: { family_name: 'Accueil' } });
    expect(codeOf(family)).toBe('insufficientAdminRights');
    const edit = await call(ctx.app, secretary, 'addCollector', {
      body: { collector_surname: 'A', collector_name: 'B' },
    });
    expect(edit.statusCode).toBe(200);
    const del = await call(ctx.app, secretary, 'deleteCollectors', {
      body: { ids: [edit.json().collector_id] },
    });
    expect(codeOf(del)).toBe('insufficientAdminRights');
    const external = await login(ctx.app, 'clinique@demo.lab');
    expect(codeOf(await call(ctx.app, external, 'getMachines'))).toBe('insufficientRights');
  });

  it('keeps each laboratory to its own rows', async () => {
    const other = await writeTransaction(ctx.database.db, SYSTEM_ACTOR, async (tx) => {
      const [lab] = await tx
        .insert(laboratories)
        .values({ laboratory_name: 'Autre labo', laboratory_code: 'OTHER' })
        .returning();
      await tx.insert(users).values({
        laboratory_id: lab?.laboratory_id ?? '',
        user_name: 'Autre admin',
        user_email: 'admin@autre.lab',
        user_type: 'internal',
        admin_machines: 3,
        password_hash: null,
      });
      return lab;
    });
    expect(other).toBeDefined();
    const { hashPassword } = await import('../src/modules/auth/secrets.js');
    const hash = await hashPassword(digest('Autre-2026!'));
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.update(users).set({ password_hash: hash }).where(eq(users.user_email, 'admin@autre.lab')),
    );
    const stranger = await login(ctx.app, 'admin@autre.lab', digest('Autre-2026!'));
    expect((await list(stranger, 'getMachines')).number_of_rows).toBe(0);
    const theirs = (await list(admin, 'getMachines')).data[0];
    const peek = await call(ctx.app, stranger, 'getMachine', {
      query: { machine_id: String(theirs?.machine_id) },
    });
    expect(codeOf(peek)).toBe('machineNotFound');
    const erase = await call(ctx.app, stranger, 'deleteMachines', { body: { ids: [theirs?.machine_id] } });
    expect(codeOf(erase)).toBe('machineNotFound');
  });
});

describe.each(DATABASES)('prescribers on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
  });
  afterAll(() => stopTestApp(ctx));

  const add = (body: Record<string, unknown>) => call(ctx.app, admin, 'addPrescriber', { body });

  it('validates RPPS with its check digit, ADELI and the specialty code, and stores them normalised', async () => {
    const created = await add({
      prescriber_title: 'Dr',
      prescriber_surname: 'GIRARD',
      prescriber_name: 'Louis',
      prescriber_rpps: '1098 7654 323',
      prescriber_adeli: '751234567',
      prescriber_specialty: '38',
      prescriber_phone_num: '+33612345678',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ prescriber_rpps: '10987654323', prescriber_specialty: 38 });
    const badKey = await add({
      prescriber_surname: 'X',
      prescriber_name: 'Y',
      prescriber_rpps: '10987654324',
    });
    expect([codeOf(badKey), badKey.json().details.issues[0].path]).toEqual([
      'incorrectType',
      'prescriber_rpps',
    ]);
    expect(
      codeOf(await add({ prescriber_surname: 'X', prescriber_name: 'Y', prescriber_specialty: 25 })),
    ).toBe('incorrectType');
    expect(
      codeOf(await add({ prescriber_surname: 'X', prescriber_name: 'Y', prescriber_adeli: '12345' })),
    ).toBe('incorrectType');
    expect(
      codeOf(await add({ prescriber_surname: 'X', prescriber_name: 'Y', prescriber_title: 'Sir' })),
    ).toBe('incorrectType');
    const twice = await add({
      prescriber_surname: 'Z',
      prescriber_name: 'Z',
      prescriber_rpps: '10987654323',
    });
    expect(codeOf(twice)).toBe('codeAlreadyInUse');
  });

  it('sorts by surname and finds by RPPS; a prescriber with a portal account cannot be deleted', async () => {
    await add({ prescriber_surname: 'ARNAUD', prescriber_name: 'Marie', prescriber_rpps: '10000000009' });
    const sorted = (
      await call(ctx.app, admin, 'getPrescribers', { query: { sort_by: 'surname', sort_order: 'ASC' } })
    ).json<Page>();
    expect(sorted.data.map((p) => p.prescriber_surname)).toEqual(['ARNAUD', 'BERNARD', 'GIRARD']);
    const found = (
      await call(ctx.app, admin, 'getPrescribers', { query: { search: '10000000009' } })
    ).json<Page>();
    expect(found.data.map((p) => p.prescriber_surname)).toEqual(['ARNAUD']);
    const bernard = sorted.data.find((p) => p.prescriber_surname === 'BERNARD');
    const refused = await call(ctx.app, admin, 'deletePrescribers', {
      body: { ids: [bernard?.prescriber_id] },
    });
    expect([codeOf(refused), refused.json().details]).toEqual(['cannotDelete', { referenced_by: 'users' }]);
  });
});

describe.each(DATABASES)('external users on reference tables on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
  });
  afterAll(() => stopTestApp(ctx));

  it('lets a clinic user read its own collectors and the prescribers, and nothing else', async () => {
    const admin = await login(ctx.app, 'admin@demo.lab');
    const clinicUser = await login(ctx.app, 'clinique@demo.lab');
    const clinicId = (await call(ctx.app, clinicUser, 'getUserData')).json<{
      rights: { clinic_id: string };
    }>().rights.clinic_id;
    const ours = (
      await call(ctx.app, admin, 'addCollector', {
        body: { collector_surname: 'Infirmière', collector_name: 'Lilas', collector_owner: clinicId },
      })
    ).json<{ collector_id: string }>();
    const theirs = (
      await call(ctx.app, admin, 'addCollector', {
        body: { collector_surname: 'Préleveur', collector_name: 'Labo' },
      })
    ).json<{
      collector_id: string;
    }>();
    const seenResponse = await call(ctx.app, clinicUser, 'getCollectors');
    expect(seenResponse.statusCode, seenResponse.body).toBe(200);
    const seen = seenResponse.json<Page>();
    expect(seen.data.map((c) => c.collector_id)).toEqual([ours.collector_id]);
    expect(
      codeOf(
        await call(ctx.app, clinicUser, 'getCollector', { query: { collector_id: theirs.collector_id } }),
      ),
    ).toBe('clinicUserOverreached');
    expect((await call(ctx.app, clinicUser, 'getPrescribers')).json<Page>().number_of_rows).toBe(1);
    const write = await call(ctx.app, clinicUser, 'addCollector', {
      body: { collector_surname: 'X', collector_name: 'Y' },
    });
    expect(codeOf(write)).toBe('insufficientRights');
    expect(codeOf(await call(ctx.app, clinicUser, 'getMachines'))).toBe('insufficientRights');
    const prescriber = await login(ctx.app, 'prescripteur@demo.lab');
    expect(codeOf(await call(ctx.app, prescriber, 'getCollectors'))).toBe('insufficientRights');
  });
});
