import { emptyRights, routes } from '@sil/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../src/db/schema/index.js';
import { assertClinicScope } from '../src/plugins/authorization.js';
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

/** The calls spec.md leaves open to anyone: logging in, the reset and verification links, the documentation. */
const PUBLIC_ROUTES = [
  'POST /auth/login',
  'POST /auth/login-with-otp',
  'POST /auth/is-access-token-valid',
  'PUT /api/request-password-reset',
  'PUT /api/reset-password',
  'PUT /api/verify-email',
  'PUT /api/verify-phone-number',
  'GET /auth/psc/start',
  // Pro Santé Connect's return and the exchange of its code for the linked account (issue 18).
  'GET /auth/psc/callback',
  'GET /api/get-psc-user',
  // The load balancer's and the operators' probe: the replica's lag, nothing of a laboratory (issue 43).
  'GET /api/health',
  // The patient opens the report with the record number, the password label and the birth date.
  'POST /api/open-online-report',
  // A laboratory's agent exchanges its one-time enrolment code (its credential here) for its own.
  'POST /api/enrol-agent',
];

describe.each(DATABASES)('permissions on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
  });
  afterAll(() => stopTestApp(ctx));

  it('gives every route an access rule, and only the expected ones are public', () => {
    const table = ctx.app.routeAccess;
    const api = table.filter((r) => !/^\/(api\/docs|\*)|^\/$/.test(r.url) && r.method !== 'HEAD');
    expect(api.length).toBeGreaterThanOrEqual(Object.keys(routes).length);
    expect(table.every((r) => r.access !== undefined)).toBe(true);
    const open = api.filter((r) => r.access.kind === 'public').map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
    const byToken = api.filter((r) => r.access.kind === 'refreshToken').map((r) => `${r.method} ${r.url}`);
    expect(byToken.sort()).toEqual(['POST /auth/refresh-tokens', 'PUT /auth/logout']);
    // The documentation is the only infrastructure route, and it is read-only.
    const docs = table.filter((r) => r.url.startsWith('/api/docs'));
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.every((r) => r.method === 'GET' || r.method === 'HEAD')).toBe(true);
  });

  it('refuses to start when a route has no access rule', async () => {
    const { buildApp } = await import('../src/app.js');
    const app = await buildApp({ config: ctx.config, db: ctx.database.db, logger: false });
    expect(() => app.get('/api/forgotten-rule', async () => ({ ok: true }))).toThrow('has no access rule');
    await app.close();
  });

  it('answers noAdminRights at level 0, insufficientAdminRights below the level, and logs the refusal', async () => {
    const technician = await login(ctx.app, 'technicien@demo.lab');
    const none = await call(ctx.app, technician, 'getAdmins');
    expect([none.statusCode, codeOf(none)]).toEqual([403, 'noAdminRights']);

    const readOnly = await call(ctx.app, admin, 'addNewUser', {
      body: {
        user_name: 'Lecteur',
        user_email: 'lecteur@demo.lab',
        user_password: digest('Lecteur-2026!'),
        admin_access: 1,
      },
    });
    expect(readOnly.statusCode).toBe(200);
    const reader = await login(ctx.app, 'lecteur@demo.lab', digest('Lecteur-2026!'));
    expect((await call(ctx.app, reader, 'getAdmins')).statusCode).toBe(200);
    const tooLow = await call(ctx.app, reader, 'addNewUser', {
      body: { user_name: 'X', user_email: 'x@demo.lab' },
    });
    expect(codeOf(tooLow)).toBe('insufficientAdminRights');

    const events = await ctx.database.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.event_type, 'access_refused'));
    expect(events.map((e) => e.detail)).toEqual(
      expect.arrayContaining([
        'GET /api/get-admins (noAdminRights)',
        'POST /auth/add-new-user (insufficientAdminRights)',
      ]),
    );
  });

  it('keeps prescribers and external users out of internal calls', async () => {
    for (const email of ['prescripteur@demo.lab', 'clinique@demo.lab']) {
      const session = await login(ctx.app, email);
      expect(codeOf(await call(ctx.app, session, 'getAdmins'))).toBe('insufficientRights');
      expect((await call(ctx.app, session, 'getUserData')).statusCode).toBe(200);
    }
  });

  it('confines clinic users to their own assets', () => {
    const clinicUser = { ...emptyRights('external'), clinic_id: 'c1' };
    expect(() => assertClinicScope(clinicUser, 'c1')).not.toThrow();
    expect(() => assertClinicScope(clinicUser, 'c2')).toThrow('clinicUserOverreached');
    expect(() => assertClinicScope(clinicUser, null)).toThrow('clinicUserOverreached');
    expect(() => assertClinicScope(emptyRights('internal'), 'c2')).not.toThrow();
  });

  it('creates external and prescriber users with their portal rights only', async () => {
    const clinicId = (await call(ctx.app, await login(ctx.app, 'clinique@demo.lab'), 'getUserData')).json<{
      rights: { clinic_id: string };
    }>().rights.clinic_id;
    const external = await call(ctx.app, admin, 'addNewExternalUser', {
      body: {
        user_name: 'Facturation Lilas',
        user_email: 'factu@lilas.fr',
        clinic_id: clinicId,
        external_account_type: 'billing',
        user_password: digest('Factu-2026!'),
      },
    });
    expect(external.statusCode).toBe(200);
    const billing = await login(ctx.app, 'factu@lilas.fr', digest('Factu-2026!'));
    const data = (await call(ctx.app, billing, 'getUserData')).json();
    expect(data).toMatchObject({
      user_type: 'external',
      user_external: true,
      external_account_type: 'billing',
      rights: { billing_user: true, medical_user: false, admin_records: 0, clinic_id: clinicId },
    });

    const unknownClinic = await call(ctx.app, admin, 'addNewExternalUser', {
      body: {
        user_name: 'X',
        user_email: 'x@lilas.fr',
        clinic_id: '00000000-0000-4000-8000-000000000000',
        external_account_type: 'medical',
      },
    });
    expect(codeOf(unknownClinic)).toBe('clinicNotFound');

    const prescriber = await call(ctx.app, admin, 'addNewPrescriberUser', {
      body: { user_name: 'Dr Y', user_email: 'y@cabinet.fr' },
    });
    expect(prescriber.json()).toMatchObject({ invitation_sent: true });
    const taken = await call(ctx.app, admin, 'addNewPrescriberUser', {
      body: { user_name: 'Dr Y', user_email: 'Y@cabinet.fr' },
    });
    expect([taken.statusCode, codeOf(taken)]).toEqual([409, 'emailAlreadyInUse']);
  });

  it('never lets a user grant more than they hold', async () => {
    const biologist = await login(ctx.app, 'biologiste@demo.lab');
    const { writeTransaction, SYSTEM_ACTOR } = await import('../src/lib/transaction.js');
    const { users } = await import('../src/db/schema/index.js');
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.update(users).set({ admin_access: 2 }).where(eq(users.user_email, 'biologiste@demo.lab')),
    );
    const beyond = await call(ctx.app, biologist, 'addNewUser', {
      body: { user_name: 'Z', user_email: 'z@demo.lab', admin_nabms: 3 },
    });
    expect([codeOf(beyond), beyond.json().details]).toEqual([
      'insufficientAdminRights',
      { field: 'admin_nabms' },
    ]);
    const special = await call(ctx.app, biologist, 'addNewUser', {
      body: { user_name: 'Z', user_email: 'z@demo.lab', billing_user: 'true' },
    });
    expect(codeOf(special)).toBe('insufficientAdminRights');
  });

  it('refuses to change rights of an external user and a stale update of rights', async () => {
    const list = (await call(ctx.app, admin, 'getAdmins')).json<
      Array<{ admin_uid: string; user_email: string; user_name: string; admin_last_updated: string }>
    >();
    expect(list.map((u) => u.user_name)).toEqual(
      [...list.map((u) => u.user_name)].sort((a, b) => a.localeCompare(b)),
    );
    const clinic = list.find((u) => u.user_email === 'clinique@demo.lab');
    const external = await call(ctx.app, admin, 'updateAdminAccess', {
      body: {
        admin_uid: clinic?.admin_uid,
        admin_last_updated: clinic?.admin_last_updated,
        admin_records: 1,
      },
    });
    expect(codeOf(external)).toBe('cannotUpdateRightsOfExternalUser');

    const tech = list.find((u) => u.user_email === 'technicien@demo.lab');
    const first = await call(ctx.app, admin, 'updateAdminAccess', {
      body: {
        admin_uid: tech?.admin_uid,
        admin_last_updated: tech?.admin_last_updated,
        admin_machines: 2,
      },
    });
    expect(first.json()).toMatchObject({ rights: { admin_machines: 2, admin_samples: 2 } });
    const stale = await call(ctx.app, admin, 'updateAdminAccess', {
      body: {
        admin_uid: tech?.admin_uid,
        admin_last_updated: tech?.admin_last_updated,
        admin_machines: 0,
      },
    });
    expect([stale.statusCode, codeOf(stale)]).toEqual([409, 'staleUpdate']);
    const [current] = (
      await call(ctx.app, admin, 'getAdmin', { query: { admin_uid: tech?.admin_uid } })
    ).json<Array<{ rights: { admin_machines: number } }>>();
    expect(current?.rights.admin_machines).toBe(2);
    const missing = await call(ctx.app, admin, 'getAdmin', {
      query: { admin_uid: '00000000-0000-4000-8000-000000000000' },
    });
    expect(codeOf(missing)).toBe('adminNotFound');
  });

  it('exports the users of the laboratory with their rights, for readers of users only', async () => {
    const csv = await call(ctx.app, admin, 'exportUsers', { query: { format: 'csv' } });
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('admin_uid;user_name;user_email');
    expect(lines[0]).toContain('admin_records');
    expect(lines.some((line) => line.includes('technicien@demo.lab'))).toBe(true);
    expect(lines.every((line) => !line.includes('argon2'))).toBe(true);
    const technician = await login(ctx.app, 'technicien@demo.lab');
    expect(codeOf(await call(ctx.app, technician, 'exportUsers'))).toBe('noAdminRights');
  });

  it('does not let an administrator lock themselves out', async () => {
    const [me] = (await call(ctx.app, admin, 'getAdmin', { query: { admin_uid: admin.uid } })).json<
      Array<{ admin_last_updated: string }>
    >();
    const response = await call(ctx.app, admin, 'updateAdminAccess', {
      body: { admin_uid: admin.uid, admin_last_updated: me?.admin_last_updated, user_disabled: true },
    });
    expect(codeOf(response)).toBe('invalidOperation');
  });
});
