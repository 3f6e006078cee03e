import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laboratories } from '../src/db/schema/index.js';
import {
  call,
  codeOf,
  DATABASES,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;

/**
 * The laboratory's identity printed in its reports' header (issue 15): read by the staff, changed
 * by an administrator only, the FINESS checked with its Luhn key, a stale form refused, the other
 * laboratory settings kept.
 */
describe.each(DATABASES)('laboratory identity on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let secretary: Session;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
    secretary = await login(ctx.app, 'secretariat@demo.lab');
  });
  afterAll(() => stopTestApp(ctx));

  const read = async (session: Session) => {
    const answer = await call(ctx.app, session, 'getLaboratoryIdentity');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Json>();
  };
  const update = (session: Session, payload: Json) =>
    call(ctx.app, session, { method: 'PUT', url: '/api/update-laboratory-identity', payload });
  const identity = {
    laboratory_name: 'Laboratoire du Parc',
    laboratory_address: '3 allée du Parc\n13008 Marseille',
    laboratory_phone: '04 91 00 00 00',
    laboratory_finess: '130 786 049',
    laboratory_accreditation: 'Accréditation COFRAC ISO 15189 n° 8-1234, portée disponible sur www.cofrac.fr',
  };

  it('saves the identity with the FINESS compacted, keeping the other settings', async () => {
    const [before] = await ctx.database.db.select().from(laboratories);
    const laboratoryId = String(before?.laboratory_id);
    const stamp = (await read(secretary)).laboratory_last_updated;
    const saved = await update(admin, { ...identity, laboratory_last_updated: stamp });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Json>()).toMatchObject({ ...identity, laboratory_finess: '130786049' });
    expect(await read(secretary)).toMatchObject({ ...identity, laboratory_finess: '130786049' });
    const [row] = await ctx.database.db
      .select({ settings: laboratories.laboratory_settings })
      .from(laboratories)
      .where(eq(laboratories.laboratory_id, laboratoryId));
    for (const [key, value] of Object.entries(before?.laboratory_settings ?? {}))
      if (!['address', 'phone', 'finess', 'accreditation'].includes(key))
        expect(row?.settings[key]).toEqual(value);
    expect(row?.settings).toMatchObject({ finess: '130786049', phone: '04 91 00 00 00' });

    // Blank fields are 'not given': removed from the settings, answered null.
    const cleared = await update(admin, {
      ...identity,
      laboratory_phone: '  ',
      laboratory_finess: '',
      laboratory_last_updated: saved.json<Json>().laboratory_last_updated,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<Json>()).toMatchObject({ laboratory_phone: null, laboratory_finess: null });
  });

  it("saves the OID and the biologists' specialty the national documents use, and refuses an OID with a leading zero", async () => {
    const stamp = (await read(admin)).laboratory_last_updated;
    const saved = await update(admin, {
      ...identity,
      laboratory_oid_root: '1.2.250.1.999.42',
      laboratory_author_specialty: 'G15_21/G',
      laboratory_last_updated: stamp,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Json>()).toMatchObject({
      laboratory_oid_root: '1.2.250.1.999.42',
      laboratory_author_specialty: 'G15_21/G',
    });
    // A form that does not name them leaves them as they are.
    const kept = await update(admin, {
      ...identity,
      laboratory_last_updated: saved.json<Json>().laboratory_last_updated,
    });
    expect(kept.json<Json>()).toMatchObject({ laboratory_oid_root: '1.2.250.1.999.42' });
    const leadingZero = await update(admin, {
      ...identity,
      laboratory_oid_root: '1.2.250.01',
      laboratory_last_updated: kept.json<Json>().laboratory_last_updated,
    });
    expect(leadingZero.statusCode).toBe(400);
    expect(JSON.stringify(leadingZero.json<Json>())).toContain('laboratory_oid_root');
    const cleared = await update(admin, {
      ...identity,
      laboratory_oid_root: '',
      laboratory_author_specialty: '',
      laboratory_last_updated: kept.json<Json>().laboratory_last_updated,
    });
    expect(cleared.json<Json>()).toMatchObject({
      laboratory_oid_root: null,
      laboratory_author_specialty: null,
    });
  });

  it('refuses a FINESS whose key is wrong, an empty name, a stale form, and a user who is not an administrator', async () => {
    const current = await read(admin);
    const stamp = current.laboratory_last_updated;
    const wrongKey = await update(admin, {
      ...identity,
      laboratory_finess: '130786048',
      laboratory_last_updated: stamp,
    });
    expect(wrongKey.statusCode).toBe(400);
    expect(JSON.stringify(wrongKey.json<Json>())).toContain('laboratory_finess');
    const tooShort = await update(admin, {
      ...identity,
      laboratory_finess: '13078604',
      laboratory_last_updated: stamp,
    });
    expect(tooShort.statusCode).toBe(400);
    const noName = await update(admin, { ...identity, laboratory_name: ' ', laboratory_last_updated: stamp });
    expect(noName.statusCode).toBe(400);
    const notAdmin = await update(secretary, { ...identity, laboratory_last_updated: stamp });
    expect(codeOf(notAdmin)).toBe('insufficientRights');
    const stale = await update(admin, {
      ...identity,
      laboratory_name: 'Autre nom',
      laboratory_last_updated: '2020-01-01T00:00:00.000Z',
    });
    expect(codeOf(stale)).toBe('staleUpdate');
    // Nothing of the refused writes was kept.
    expect(await read(admin)).toEqual(current);
  });
});
