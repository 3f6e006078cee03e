import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, nabms } from '../src/db/schema/index.js';
import {
  call,
  codeOf,
  DATABASES,
  login,
  multipart,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

const nationalTable = readFileSync(
  fileURLToPath(new URL('../../../../shared/data/nabm/IR_BIO_R.csv', import.meta.url)),
);
const codeSystem = readFileSync(fileURLToPath(new URL('./fixtures/nabm-codesystem.json', import.meta.url)));

interface Report {
  total: number;
  added: string[];
  changed: string[];
  retired: string[];
  unchanged: number;
}

describe.each(DATABASES)('NABM acts on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  const importFile = (session: Session, name: string, content: Buffer, field?: string) =>
    call(ctx.app, session, {
      method: 'POST',
      url: '/api/import-nabms',
      ...multipart({}, { name, bytes: content }, field),
    });
  const act = async (code: string) => {
    const [row] = (await call(ctx.app, admin, 'getNabm', { query: { nabm_code: code } })).json<
      Array<Record<string, unknown>>
    >();
    return row;
  };

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
  });
  afterAll(() => stopTestApp(ctx));

  it('imports the national table: 1,076 acts with their coefficients, as 4-character codes', async () => {
    const response = await importFile(admin, 'IR_BIO_R.csv', nationalTable);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<Report>();
    expect([report.total, report.added.length, report.changed.length, report.unchanged]).toEqual([
      1076, 1076, 0, 0,
    ]);
    const list = (await call(ctx.app, admin, 'getNabms', { query: { number_of_records: '1' } })).json<{
      number_of_rows: number;
    }>();
    expect(list.number_of_rows).toBe(1076);
    expect(await act('1104')).toMatchObject({
      nabm_code: '1104',
      nabm_wording: 'HEMOGRAMME Y COMPRIS PLAQUETTES (NFS , NFP)',
      nabm_coef_b: 26,
      nabm_key_letter: 'B',
      nabm_chapter: '5',
      nabm_blood_test: true,
      nabm_creation_date: '1996-01-01',
      nabm_refund: true,
      nabm_retired: false,
    });
    expect(await act('0215')).toMatchObject({
      nabm_coef_b: 80,
      nabm_wording: 'BACTERIE ANAEROBIE NOMMEMENT DESIGNEE : RECH. ISOLEE',
    });
    const ended = await ctx.database.db.select().from(nabms).where(eq(nabms.nabm_retired, true));
    expect(ended.length).toBe(112);
    // Special rules with their maximum per prescription (BIO_SPE_REG / BIO_MAX_REG), which billing applies.
    const limited = await ctx.database.db.select().from(nabms).where(isNotNull(nabms.nabm_spec_rule_max));
    expect(limited.length).toBe(30);
    expect(limited.find((row) => row.nabm_code === '0321')).toMatchObject({
      nabm_spec_rule_num: '4',
      nabm_spec_rule_max: 2,
    });
    expect(ended.every((row) => row.nabm_end_date !== null)).toBe(true);
  });

  it('changes nothing when the same table is imported again', async () => {
    const before = (await ctx.database.db.select().from(auditTrail).where(eq(auditTrail.table_name, 'nabms')))
      .length;
    const report = (await importFile(admin, 'IR_BIO_R.csv', nationalTable)).json<Report>();
    expect([report.added, report.changed, report.retired, report.unchanged]).toEqual([[], [], [], 1076]);
    expect(
      (await ctx.database.db.select().from(auditTrail).where(eq(auditTrail.table_name, 'nabms'))).length,
    ).toBe(before);
  });

  it('updates changed acts and retires the ones gone, keeping the laboratory’s own acts', async () => {
    const own = await call(ctx.app, admin, 'addNabm', {
      body: {
        nabm_code: 'HN01',
        nabm_wording: 'Acte hors nomenclature du laboratoire',
        nabm_coef_b: 0,
        nabm_refund: false,
      },
    });
    expect(own.statusCode, own.body).toBe(200);
    const lines = nationalTable.toString('utf8').split('\n');
    const edited = lines
      .filter((line) => !line.startsWith('218;'))
      .map((line) => (line.startsWith('1104;') ? line.replace(/;26\.00\s*$/, ';27.00') : line))
      .join('\n');
    const report = (await importFile(admin, 'IR_BIO_R-2.csv', Buffer.from(edited))).json<Report>();
    expect([report.added, report.changed, report.retired]).toEqual([[], ['1104'], ['0218']]);
    expect(await act('1104')).toMatchObject({ nabm_coef_b: 27 });
    expect(await act('0218')).toMatchObject({ nabm_retired: true });
    expect(await act('HN01')).toMatchObject({ nabm_retired: false, nabm_refund: false });
    const traces = await ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(
          eq(auditTrail.table_name, 'nabms'),
          eq(auditTrail.row_id, '1104'),
          eq(auditTrail.modification_field, 'nabm_coef_b'),
        ),
      );
    expect(traces.map((t) => [t.modification_old_value, t.modification_new_value, t.log_comment])).toEqual([
      ['26.00', '27.00', 'NABM import'],
    ]);
  });

  it('imports the FHIR CodeSystem of the national terminology server', async () => {
    const report = (await importFile(admin, 'nabm.json', codeSystem)).json<Report>();
    expect(report.total).toBe(3);
    expect(await act('0552')).toMatchObject({
      nabm_coef_b: 5,
      nabm_incompatible_codes: ['0412'],
      nabm_end_date: '2099-12-31',
      nabm_retired: false,
    });
    expect(await act('0127')).toMatchObject({ nabm_coef_b: 7.5, nabm_retired: true });
    expect(await act('1104')).toMatchObject({
      nabm_coef_b: 26,
      nabm_creation_date: '1996-01-01',
      nabm_blood_test: true,
    });
  });

  it('refuses a broken file whole, changing nothing', async () => {
    const before = await act('1104');
    const broken = Buffer.from('BIO_PRS_IDE;BIO_INF_LIB;BIO_TAR_COF\n1104;NFS;30.00\nABC;Bad code;1\n');
    const refused = await importFile(admin, 'broken.csv', broken);
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { code: 'invalidImportFile', details: { line: 3, field: 'BIO_PRS_IDE' } },
    ]);
    expect(await act('1104')).toEqual(before);
    expect(codeOf(await importFile(admin, 'x.csv', Buffer.from('a;b\n1;2\n')))).toBe('invalidImportFile');
    expect(codeOf(await importFile(admin, 'x.json', Buffer.from('{"resourceType":"Patient"}')))).toBe(
      'invalidImportFile',
    );
    expect(codeOf(await importFile(admin, 'x.csv', nationalTable, 'document'))).toBe('missingData');
    const duplicate = Buffer.from('BIO_PRS_IDE;BIO_INF_LIB;BIO_TAR_COF\n1104;NFS;26.00\n1104;NFS;26.00\n');
    expect((await importFile(admin, 'dup.csv', duplicate)).json().details).toEqual({
      reason: 'duplicateCode',
      code: '1104',
    });
  });

  it('keeps NABM codes unique and asks edit rights to import', async () => {
    const dup = await call(ctx.app, admin, 'addNabm', {
      body: { nabm_code: '1104', nabm_wording: 'Doublon' },
    });
    expect(codeOf(dup)).toBe('nabmAlreadyInUse');
    const badCode = await call(ctx.app, admin, 'addNabm', {
      body: { nabm_code: '12', nabm_wording: 'Court' },
    });
    expect(codeOf(badCode)).toBe('incorrectType');
    const technician = await login(ctx.app, 'technicien@demo.lab');
    expect(codeOf(await importFile(technician, 'IR_BIO_R.csv', nationalTable))).toBe(
      'insufficientAdminRights',
    );
    const sorted = (
      await call(ctx.app, admin, 'getNabms', {
        query: { sort_by: 'coefB', sort_order: 'DESC', number_of_records: '3' },
      })
    ).json<{
      data: Array<{ nabm_coef_b: number }>;
    }>();
    const coefficients = sorted.data.map((row) => row.nabm_coef_b);
    expect(coefficients).toEqual([...coefficients].sort((a, b) => b - a));
    // Stored as numeric, which the driver reads as text: the list answers numbers.
    expect(coefficients.every((coefficient) => typeof coefficient === 'number')).toBe(true);
    const refundable = (
      await call(ctx.app, admin, {
        method: 'GET',
        url: '/api/get-nabms?filter_column[]=nabm_refund&filter_value[]=false',
      })
    ).json<{
      data: Array<{ nabm_code: string }>;
    }>();
    expect(refundable.data.map((row) => row.nabm_code)).toEqual(['HN01']);
  });
});
