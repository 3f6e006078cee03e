import { COUNT_STEP, ListQuery } from '@sil/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../src/db/schema/index.js';
import { whereOf } from '../src/lib/list/query.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { recordSource } from '../src/modules/records/records/queries.js';
import {
  call,
  DATABASES,
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
  number_of_rows_capped?: boolean;
}

/**
 * A list counts its matches up to a step of COUNT_STEP past the page asked for (countBound,
 * docs/decisions/0011-search-and-counts.md): past it the answer says so, and the pages after count on.
 * The laboratory gets COUNT_STEP women and 50 men named Borne, and three patients named Ailleurs.
 */
/** A record for each Borne patient: more than a first page counts, for a page that walks the list order. */
const RECORDS = COUNT_STEP + 50;

describe.each(DATABASES)('bounded counts of a list on %s', (kind) => {
  let ctx: TestContext;
  let secretary: Session;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    secretary = await login(ctx.app, 'secretariat@demo.lab');
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, async (tx) => {
      await tx.execute(sql`
        INSERT INTO patients (laboratory_id, patient_surname, patient_name, patient_gender, patient_dob)
        SELECT l.laboratory_id,
               CASE WHEN n <= ${COUNT_STEP + 50} THEN 'Borne' ELSE 'Ailleurs' END,
               'Prénom ' || n,
               CASE WHEN n <= ${COUNT_STEP} OR n > ${COUNT_STEP + 50} THEN 'F' ELSE 'M' END,
               date '1950-01-01' + (n % 20000)
        FROM laboratories l, generate_series(1, ${COUNT_STEP + 53}) AS n
        WHERE l.laboratory_code = 'DEMO'`);
      // Records of the first RECORDS Borne patients: enough matches for a page to walk the list order.
      await tx.execute(sql`
        INSERT INTO records (laboratory_id, record_number, record_patient, record_password, record_last_updated)
        SELECT laboratory_id, 'T' || lpad(row_number() OVER (ORDER BY patient_name)::text, 6, '0'), patient_id,
               'secret', now() - (row_number() OVER (ORDER BY patient_name)) * interval '1 minute'
        FROM patients WHERE patient_surname = 'Borne' ORDER BY patient_name LIMIT ${RECORDS}`);
    });
  });
  afterAll(() => stopTestApp(ctx));

  const page = async (query: string, list = 'patients') => {
    const response = await call(ctx.app, secretary, { method: 'GET', url: `/api/get-${list}?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };

  it('stops counting past the limit and says so, keeping rows and pages meaningful', async () => {
    const first = await page('number_of_records=50');
    expect(first.data).toHaveLength(50);
    expect(first.number_of_rows).toBe(COUNT_STEP);
    expect(first.number_of_pages).toBe(COUNT_STEP / 50);
    expect(first.number_of_rows_capped).toBe(true);

    const searched = await page('number_of_records=50&search=borne');
    expect(searched.number_of_rows).toBe(COUNT_STEP);
    expect(searched.number_of_rows_capped).toBe(true);
  });

  it('counts exactly up to the limit itself, without the capped mark', async () => {
    const women = await page(
      'number_of_records=100&search=borne&filter_column[]=patient_gender&filter_value[]=F',
    );
    expect(women.number_of_rows).toBe(COUNT_STEP);
    expect(women.number_of_pages).toBe(COUNT_STEP / 100);
    expect(women).not.toHaveProperty('number_of_rows_capped');

    const few = await page('search=ailleurs');
    expect(few.data.map((row) => row.patient_surname)).toEqual(['Ailleurs', 'Ailleurs', 'Ailleurs']);
    expect(few.number_of_rows).toBe(3);
    expect(few.number_of_pages).toBe(1);
    expect(few).not.toHaveProperty('number_of_rows_capped');
  });

  it('counts on from the page asked for: the pages after the first step answer their rows and count', async () => {
    // The last page of the first step counts up to the next one: the 2,050 Borne patients, exactly.
    const lastOfStep = await page(`number_of_records=50&page_number=${COUNT_STEP / 50}&search=borne`);
    expect(lastOfStep.data).toHaveLength(50);
    expect(lastOfStep.number_of_rows).toBe(COUNT_STEP + 50);
    expect(lastOfStep.number_of_pages).toBe(COUNT_STEP / 50 + 1);
    expect(lastOfStep).not.toHaveProperty('number_of_rows_capped');
    const beyond = await page(
      `number_of_records=50&page_number=${COUNT_STEP / 50 + 1}&search=borne&sort_by=firstName&sort_order=ASC`,
    );
    expect(beyond.data).toHaveLength(50);
    expect(beyond.number_of_rows).toBe(COUNT_STEP + 50);
    // Among the 2,053 patients, the page after the first step counts on to the second (4,000).
    const all = await page(`number_of_records=50&page_number=${COUNT_STEP / 50 + 1}`);
    expect(all.number_of_rows).toBe(COUNT_STEP + 53);
    expect(all).not.toHaveProperty('number_of_rows_capped');
  });

  it('finds the same records whether the matches are few or many', async () => {
    // 2,050 matches: the page walks the records in list order; one match: the indexed look-ups.
    const many = await page('number_of_records=50&search=borne', 'records');
    expect(many.number_of_rows).toBe(COUNT_STEP);
    expect(many.number_of_rows_capped).toBe(true);
    expect(many.data.map((row) => row.record_number)).toEqual(
      Array.from({ length: 50 }, (_, index) => `T${String(index + 1).padStart(6, '0')}`),
    );
    expect(new Set(many.data.map((row) => row.patient_surname))).toEqual(new Set(['Borne']));
    const last = await page(`number_of_records=50&search=borne&page_number=${RECORDS / 50}`, 'records');
    expect(last.data.at(-1)?.record_number).toBe(`T${String(RECORDS).padStart(6, '0')}`);
    expect(last.number_of_rows).toBe(RECORDS);
    expect(last).not.toHaveProperty('number_of_rows_capped');
    const one = await page('search=T000042', 'records');
    expect(one.data.map((row) => row.record_number)).toEqual(['T000042']);
  });

  it('pages few matches in the order asked, from the ids their count read', async () => {
    // The 50 Borne men, 'Prénom 2001' to 'Prénom 2050': a search and a filter, sorted by a text.
    const men = (order: 'ASC' | 'DESC', pageNumber: number) =>
      page(
        `number_of_records=20&page_number=${pageNumber}&search=borne&filter_column[]=patient_gender&filter_value[]=M&sort_by=firstName&sort_order=${order}`,
      );
    const names = (from: number, to: number) =>
      Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => `Prénom ${from + (to > from ? i : -i)}`);
    const second = await men('ASC', 2);
    expect(second.data.map((row) => row.patient_name)).toEqual(names(2021, 2040));
    expect(second.number_of_rows).toBe(50);
    expect(second.number_of_pages).toBe(3);
    expect((await men('DESC', 2)).data.map((row) => row.patient_name)).toEqual(names(2030, 2011));
    expect((await men('DESC', 3)).data.map((row) => row.patient_name)).toEqual(names(2010, 2001));
    const past = await men('ASC', 4);
    expect(past.data).toEqual([]);
    expect(past.number_of_rows).toBe(50);
    // Records found by number, newest number first, the second page of three.
    const records = await page(
      'number_of_records=3&page_number=2&search=T00004&sort_by=record_number&sort_order=DESC',
      'records',
    );
    expect(records.data.map((row) => row.record_number)).toEqual(['T000046', 'T000045', 'T000044']);
    expect(records.number_of_rows).toBe(10);
    expect((await page('search=nobody-by-this-name', 'records')).data).toEqual([]);
  });

  it('counts the abnormal records and those with a non-compliance among their own rows, and pages them in order', async () => {
    const numbered = (n: number) => `T${String(n).padStart(6, '0')}`;
    const numbers = (rows: Page['data']) => rows.map((row) => row.record_number);
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, async (tx) => {
      // Every record but the first five is abnormal; another laboratory's abnormal record counts nowhere here.
      await tx.execute(sql`
        INSERT INTO abnormal_records (record_id, laboratory_id)
        SELECT record_id, laboratory_id FROM records WHERE record_number > 'T000005' AND record_number LIKE 'T%'`);
      await tx.execute(sql`
        WITH other AS (
          INSERT INTO laboratories (laboratory_name, laboratory_code) VALUES ('Ailleurs', 'AILLEURS')
          RETURNING laboratory_id),
        patient AS (
          INSERT INTO patients (laboratory_id, patient_surname, patient_name, patient_gender, patient_dob)
          SELECT laboratory_id, 'Autre', 'Anne', 'F', date '1970-01-01' FROM other RETURNING laboratory_id, patient_id),
        record AS (
          INSERT INTO records (laboratory_id, record_number, record_patient, record_password)
          SELECT laboratory_id, 'A000001', patient_id, 'secret' FROM patient RETURNING laboratory_id, record_id)
        INSERT INTO abnormal_records (record_id, laboratory_id) SELECT record_id, laboratory_id FROM record`);
      // Two samples with a non-compliance on each of the first 2,010 records: each record counts once.
      await tx.execute(sql`
        INSERT INTO samples (laboratory_id, sample_number, sample_record, sample_nct_active)
        SELECT r.laboratory_id, r.record_number || '-' || tube, r.record_id, true
        FROM records r, generate_series(1, 2) AS tube
        WHERE r.record_number BETWEEN 'T000001' AND ${numbered(COUNT_STEP + 10)}`);
    });
    const abnormal = 'filter_column[]=record_abnormal&filter_value[]=true';

    const first = await page(`number_of_records=50&${abnormal}`, 'records');
    expect(first.number_of_rows).toBe(COUNT_STEP);
    expect(first.number_of_rows_capped).toBe(true);
    expect(numbers(first.data)).toEqual(Array.from({ length: 50 }, (_, index) => numbered(index + 6)));
    expect(first.data.every((row) => row.record_abnormal === true)).toBe(true);
    // The last page counts on to the 2,045 abnormal records exactly.
    const last = await page(`number_of_records=50&page_number=${COUNT_STEP / 50 + 1}&${abnormal}`, 'records');
    expect(numbers(last.data)).toEqual(
      Array.from({ length: 45 }, (_, index) => numbered(COUNT_STEP + 6 + index)),
    );
    expect(last.number_of_rows).toBe(RECORDS - 5);
    expect(last).not.toHaveProperty('number_of_rows_capped');
    // The same count through the records when another condition stands beside the filter; a date
    // filter sorts by creation unless asked otherwise (issue 43), so the page asks for the same order.
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
    const dated = await page(
      `number_of_records=50&page_number=${COUNT_STEP / 50 + 1}&${abnormal}&filter_date_from=${today}&sort_by=record_last_updated&sort_order=DESC`,
      'records',
    );
    expect(dated.number_of_rows).toBe(RECORDS - 5);
    expect(numbers(dated.data)).toEqual(numbers(last.data));
    const normal = await page('filter_column[]=record_abnormal&filter_value[]=false', 'records');
    expect(numbers(normal.data).filter((number) => String(number).startsWith('T'))).toEqual(
      [1, 2, 3, 4, 5].map(numbered),
    );

    const withNcts = 'filter_column[]=records_with_ncts&filter_value[]=true';
    const lastWithNcts = await page(
      `number_of_records=50&page_number=${COUNT_STEP / 50 + 1}&${withNcts}`,
      'records',
    );
    expect(lastWithNcts.number_of_rows).toBe(COUNT_STEP + 10);
    expect(numbers(lastWithNcts.data)).toEqual(
      Array.from({ length: 10 }, (_, index) => numbered(COUNT_STEP + 1 + index)),
    );
    const firstWithNcts = await page(`number_of_records=50&${withNcts}`, 'records');
    expect(firstWithNcts.number_of_rows_capped).toBe(true);
    expect(numbers(firstWithNcts.data)).toEqual(
      Array.from({ length: 50 }, (_, index) => numbered(index + 1)),
    );
  });

  // Last: it adds the records that every list of the laboratory then begins with.
  it('finds a page among many matches that lie past the first records of the list order', async () => {
    // 5,000 records updated after every Borne record: a walk of the first few thousand records
    // in list order meets no Borne record, and the page is looked for again, unbounded.
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, async (tx) => {
      await tx.execute(sql`
        INSERT INTO records (laboratory_id, record_number, record_patient, record_password, record_last_updated)
        SELECT p.laboratory_id, 'N' || lpad(n::text, 6, '0'), p.patient_id, 'secret', now() + n * interval '1 second'
        FROM (SELECT laboratory_id, patient_id FROM patients WHERE patient_surname = 'Ailleurs' LIMIT 1) p,
             generate_series(1, 5000) AS n`);
    });
    const borne = await page('number_of_records=50&search=borne', 'records');
    expect(borne.number_of_rows_capped).toBe(true);
    expect(borne.data.map((row) => row.record_number)).toEqual(
      Array.from({ length: 50 }, (_, index) => `T${String(index + 1).padStart(6, '0')}`),
    );
    const ailleurs = await page('number_of_records=50&search=ailleurs', 'records');
    expect(ailleurs.data.map((row) => row.record_number)).toEqual(
      Array.from({ length: 50 }, (_, index) => `N${String(5000 - index).padStart(6, '0')}`),
    );
  });

  it("counts a searched patient's records from the patient's index alone", async () => {
    // What the records' count reads of each matching patient's records (migration 0045): their
    // laboratory, number, list key and id, all carried by records_record_patient_index.
    const { rows } = (await ctx.database.db.execute(
      sql`SELECT laboratory_id FROM laboratories WHERE laboratory_code = 'DEMO'`,
    )) as unknown as { rows: Array<{ laboratory_id: string }> };
    const laboratoryId = rows[0]?.laboratory_id ?? '';
    const rest = whereOf(recordSource, laboratoryId, ListQuery.parse({}), undefined, 'count');
    const selected = sql`${records.record_id} AS match_id, ${records.record_last_updated} AS match_key`;
    const matches = recordSource.searchMatches?.('borne', laboratoryId, rest, selected);
    await ctx.database.db.execute(sql`VACUUM (ANALYZE) records`);
    const plan = await ctx.database.db.transaction(async (tx) => {
      // Row counts of a test database say nothing of a laboratory's: the plan is asked by index.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      const explained = (await tx.execute(sql`EXPLAIN (FORMAT JSON) ${matches}`)) as unknown as {
        rows: Array<{ 'QUERY PLAN': unknown }>;
      };
      return JSON.stringify(explained.rows[0]?.['QUERY PLAN']);
    });
    expect(plan).toMatch(/"Node Type":"Index Only Scan"[^}]*"Index Name":"records_record_patient_index"/);
  });

  // Last: it adds the patients that the patients' list then begins with.
  it('finds a page among many patients whether they lie within the first of the list order or past them', async () => {
    // 5,000 patients updated after every Borne patient: a walk of the first few thousand patients
    // in list order finds the page of 'Devant' and meets no Borne patient, whose page is then
    // looked for again, unbounded.
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, async (tx) => {
      await tx.execute(sql`
        INSERT INTO patients (laboratory_id, patient_surname, patient_name, patient_gender, patient_dob, patient_last_updated)
        SELECT l.laboratory_id, 'Devant', 'Prénom ' || n, 'F', date '1960-01-01', now() + n * interval '1 second'
        FROM laboratories l, generate_series(1, 5000) AS n
        WHERE l.laboratory_code = 'DEMO'`);
    });
    const { rows: firstBorne } = (await ctx.database.db.execute(sql`
      SELECT patient_id FROM patients WHERE patient_surname = 'Borne'
       ORDER BY patient_last_updated DESC, patient_id LIMIT 50`)) as unknown as {
      rows: Array<{ patient_id: string }>;
    };
    const borne = await page('number_of_records=50&search=borne');
    expect(borne.number_of_rows_capped).toBe(true);
    expect(borne.data.map((row) => row.patient_id)).toEqual(firstBorne.map((row) => row.patient_id));
    const devant = await page('number_of_records=50&search=devant');
    expect(devant.number_of_rows_capped).toBe(true);
    expect(devant.data.map((row) => row.patient_name)).toEqual(
      Array.from({ length: 50 }, (_, index) => `Prénom ${5000 - index}`),
    );
  });
});
