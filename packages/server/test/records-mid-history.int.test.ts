import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOf } from '../src/db/open.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import {
  call,
  DATABASES,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

/**
 * Five years of records (2014–2018), each updated up to a week after its creation: twenty a day on
 * PostgreSQL, whose plan the test reads; four on the embedded database, which checks the order only.
 */
const perDay = (kind: 'pglite' | 'postgres') => (kind === 'postgres' ? 20 : 4);
const DAYS = 5 * 365;
/** Three months in the middle of them. */
const RANGE = { filter_date_from: '2016-05-01', filter_date_to: '2016-07-31' };

interface Page {
  data: Array<{ record_number: string; record_created: string }>;
  number_of_rows: number;
}

/**
 * Records created in a mid-history range (issue 43): the list filtered by creation days comes
 * newest created first (EntityDefinition.dateRangeSort), so that its page is the range's last
 * records, read backwards from the range's end along the creation index; ordered by last update, the
 * page needed every record of the range updated after it, read and sorted.
 */
describe.each(DATABASES)('records of three months inside five years on %s', (kind) => {
  let ctx: TestContext;
  let secretary: Session;
  const PER_DAY = perDay(kind);

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    secretary = await login(ctx.app, 'secretariat@demo.lab');
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.execute(sql`
        INSERT INTO patients (laboratory_id, patient_surname, patient_name, patient_gender, patient_dob)
        SELECT laboratory_id, 'Milieu', 'Paul', 'M', date '1960-06-06' FROM laboratories
         WHERE laboratory_code = 'DEMO'`),
    );
    // Loaded as the scale bench loads them: triggers off (no trace nor count per generated row).
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`
        INSERT INTO records (laboratory_id, record_number, record_patient, record_password,
                             record_created, record_last_updated)
        SELECT laboratory_id, 'MH' || lpad(n::text, 6, '0'), patient_id, 'secret', created,
               created + (n % 7) * interval '1 day'
          FROM patients,
               LATERAL generate_series(0, ${sql.raw(String(DAYS * PER_DAY - 1))}) AS n,
               LATERAL (SELECT timestamptz '2014-01-01 08:00 Europe/Paris'
                               + (n / ${sql.raw(String(PER_DAY))}) * interval '1 day'
                               + (n % ${sql.raw(String(PER_DAY))}) * interval '20 minutes' AS created) AS c
         WHERE patient_surname = 'Milieu'`);
    });
    await ctx.database.db.execute(sql`ANALYZE records`);
  }, 180_000);
  afterAll(() => stopTestApp(ctx));

  const listRange = async (extra: Record<string, string> = {}) => {
    const response = await call(ctx.app, secretary, 'getRecords', {
      query: { ...RANGE, number_of_records: '50', ...extra },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };

  it('lists the range’s newest created records first', async () => {
    const page = await listRange();
    const created = page.data.map((row) => Date.parse(row.record_created));
    expect(created).toHaveLength(50);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    // The range's last day (Paris) first: its records, then the day before's.
    const lastDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(created[0]);
    expect(lastDay).toBe(RANGE.filter_date_to);
    expect(Math.min(...created)).toBeGreaterThanOrEqual(Date.parse('2016-05-01T00:00:00+02:00'));
    expect(page.number_of_rows).toBeGreaterThan(50);
  });

  it.runIf(kind === 'postgres')(
    'reads the page backwards along the creation index, not the whole range',
    async () => {
      const pool = poolOf(ctx.database.db);
      if (!pool) throw new Error('no pool of PostgreSQL connections');
      // The page's statement, as the list sends it, caught on its way to PostgreSQL.
      const sent: Array<{ text: string; values: unknown[] }> = [];
      const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
      const catching = (...args: unknown[]) => {
        // (text, values) or ({ text, values }), or as drizzle sends them, ({ text, … }, values).
        const [first, second] = args;
        const config =
          typeof first === 'string' ? { text: first } : (first as { text?: string; values?: unknown[] });
        if (config.text)
          sent.push({ text: config.text, values: (second as unknown[]) ?? config.values ?? [] });
        return query(...args);
      };
      Object.assign(pool, { query: catching });
      try {
        await listRange();
      } finally {
        Object.assign(pool, { query });
      }
      const page = sent.find(
        ({ text }) => /order by\s+"records"\."record_created" desc/i.test(text) && /\blimit\b/i.test(text),
      );
      expect(page, sent.map(({ text }) => text).join('\n---\n')).toBeDefined();
      if (!page) return;
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${page.text}`,
        page.values,
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      const scan = plan.match(
        /Index (?:Only )?Scan Backward using (records_created_counts|records_laboratory_id_record_created_index) on records.*\(actual rows=(\d+)/,
      );
      expect(scan, plan).not.toBeNull();
      // About the page (50 and the ties of its last minute), where the range holds 1,840 records.
      expect(Number(scan?.[2]), plan).toBeLessThanOrEqual(100);
      expect(plan).not.toMatch(/Seq Scan on records/);
    },
  );
});
