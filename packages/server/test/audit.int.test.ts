import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, clinics, laboratories, users } from '../src/db/schema/index.js';
import type { Actor } from '../src/lib/auth-context.js';
import { updateIfUnchanged } from '../src/lib/concurrency.js';
import { writeTransaction } from '../src/lib/transaction.js';
import { call, DATABASES, login, startTestApp, stopTestApp, type TestContext } from './helpers.js';

describe.each(DATABASES)('audit trail and stale updates on %s', (kind) => {
  let ctx: TestContext;
  let actor: Actor;
  let laboratoryId: string;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
    const [lab] = await ctx.database.db.select().from(laboratories);
    laboratoryId = lab?.laboratory_id ?? '';
    const [admin] = await ctx.database.db.select().from(users).where(eq(users.user_email, 'admin@demo.lab'));
    actor = { uid: admin?.admin_uid ?? '', laboratoryId };
  });
  afterAll(() => stopTestApp(ctx));

  const tracesOf = (table: string, rowId: string) =>
    ctx.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.table_name, table), eq(auditTrail.row_id, rowId)))
      .orderBy(auditTrail.modification_id);

  it('refuses any write to an audited table that does not name its acting user', async () => {
    const insert = ctx.database.db
      .insert(clinics)
      .values({ laboratory_id: laboratoryId, clinic_name: 'Sans trace', clinic_code: 'NOTRACE' });
    await expect(insert).rejects.toThrow();
    const update = ctx.database.db
      .update(users)
      .set({ user_name: 'Changed' })
      .where(eq(users.user_email, 'admin@demo.lab'));
    await expect(update).rejects.toThrow();
    const remove = ctx.database.db.execute(sql`DELETE FROM clinics`);
    await expect(remove).rejects.toThrow();
    const [clinic] = await ctx.database.db.select().from(clinics).where(eq(clinics.clinic_code, 'NOTRACE'));
    expect(clinic).toBeUndefined();
  });

  it('traces inserts whole, updates field by field, and deletes whole, with the user and comment', async () => {
    const created = await writeTransaction(
      ctx.database.db,
      actor,
      async (tx) => {
        const [row] = await tx
          .insert(clinics)
          .values({ laboratory_id: laboratoryId, clinic_name: 'Clinique du Parc', clinic_code: 'PARC' })
          .returning();
        return row;
      },
      { comment: 'new partner clinic' },
    );
    const id = created?.clinic_id ?? '';
    await writeTransaction(ctx.database.db, actor, (tx) =>
      tx
        .update(clinics)
        .set({ clinic_name: 'Clinique du Grand Parc', clinic_visible: false })
        .where(eq(clinics.clinic_id, id)),
    );
    await writeTransaction(
      ctx.database.db,
      actor,
      (tx) => tx.delete(clinics).where(eq(clinics.clinic_id, id)),
      { nca: 'nca1' },
    );

    const traces = await tracesOf('clinics', id);
    expect(traces.map((t) => [t.modification_type, t.modification_field])).toEqual([
      ['insert', null],
      ['update', 'clinic_name'],
      ['update', 'clinic_visible'],
      ['delete', null],
    ]);
    expect(traces.every((t) => t.modification_by === actor.uid && t.laboratory_id === laboratoryId)).toBe(
      true,
    );
    expect(traces[0]?.log_comment).toBe('new partner clinic');
    expect(JSON.parse(traces[0]?.modification_new_value ?? '{}')).toMatchObject({
      clinic_name: 'Clinique du Parc',
      clinic_code: 'PARC',
    });
    expect([traces[1]?.modification_old_value, traces[1]?.modification_new_value]).toEqual([
      'Clinique du Parc',
      'Clinique du Grand Parc',
    ]);
    expect([traces[2]?.modification_old_value, traces[2]?.modification_new_value]).toEqual(['true', 'false']);
    expect(traces[3]?.nca).toBe('nca1');
    expect(JSON.parse(traces[3]?.modification_old_value ?? '{}')).toMatchObject({
      clinic_name: 'Clinique du Grand Parc',
    });
  });

  it('rolls the trace back with a failed transaction', async () => {
    const before = (await ctx.database.db.select().from(auditTrail)).length;
    await expect(
      writeTransaction(ctx.database.db, actor, async (tx) => {
        await tx
          .insert(clinics)
          .values({ laboratory_id: laboratoryId, clinic_name: 'Éphémère', clinic_code: 'TMP' });
        throw new Error('business rule broken');
      }),
    ).rejects.toThrow('business rule broken');
    expect((await ctx.database.db.select().from(auditTrail)).length).toBe(before);
  });

  it('records a password change without its value', async () => {
    const admin = await login(ctx.app, 'admin@demo.lab');
    await call(ctx.app, admin, 'addNewUser', {
      body: { user_name: 'Rita', user_email: 'rita@demo.lab', user_password: 'a'.repeat(64) },
    });
    const [rita] = await ctx.database.db.select().from(users).where(eq(users.user_email, 'rita@demo.lab'));
    await writeTransaction(ctx.database.db, actor, (tx) =>
      tx
        .update(users)
        .set({ password_hash: 'x' })
        .where(eq(users.admin_uid, rita?.admin_uid ?? '')),
    );
    const traces = await tracesOf('users', rita?.admin_uid ?? '');
    expect(traces[0]?.modification_by).toBe(admin.uid);
    expect(traces[0]?.modification_new_value).toContain('"password_hash": "[redacted]"');
    expect(traces[0]?.modification_new_value).not.toContain('argon2');
    const change = traces.find((t) => t.modification_field === 'password_hash');
    expect([change?.modification_old_value, change?.modification_new_value]).toEqual([
      '[redacted]',
      '[redacted]',
    ]);
  });

  it('moves the last-updated stamp forward on every update and refuses a stale one', async () => {
    const [clinic] = await ctx.database.db.select().from(clinics).where(eq(clinics.clinic_code, 'LILAS'));
    const read = clinic?.clinic_last_updated ?? '';
    const target = {
      idColumn: clinics.clinic_id,
      id: clinic?.clinic_id ?? '',
      stampColumn: clinics.clinic_last_updated,
      stamp: read,
    };
    const first = await writeTransaction(ctx.database.db, actor, (tx) =>
      updateIfUnchanged(tx, clinics, target, { clinic_name: 'Clinique des Lilas (Nord)' }, 'clinicNotFound'),
    );
    expect(new Date(first.clinic_last_updated).getTime()).toBeGreaterThan(new Date(read).getTime());
    await expect(
      writeTransaction(ctx.database.db, actor, (tx) =>
        updateIfUnchanged(tx, clinics, target, { clinic_name: 'Écrasé' }, 'clinicNotFound'),
      ),
    ).rejects.toMatchObject({ code: 'staleUpdate' });
    await expect(
      writeTransaction(ctx.database.db, actor, (tx) =>
        updateIfUnchanged(
          tx,
          clinics,
          { ...target, id: '00000000-0000-4000-8000-000000000000' },
          { clinic_name: 'X' },
          'clinicNotFound',
        ),
      ),
    ).rejects.toMatchObject({ code: 'clinicNotFound' });
    const [after] = await ctx.database.db.select().from(clinics).where(eq(clinics.clinic_code, 'LILAS'));
    expect(after?.clinic_name).toBe('Clinique des Lilas (Nord)');
  });
});
