import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

interface Page {
  data: Array<{ record_number: string }>;
  number_of_rows: number;
}

/**
 * Records created between two days: newest created first unless another order is asked for
 * (EntityDefinition.dateRangeSort, issue 43); in last-update order, the page is read in two parts,
 * the records updated after the last day and those updated before (ListSource.stampSplit). Records
 * of 2019 (Paris time), so that the demo laboratory's own records stay out of the range.
 */
const RECORDS: Array<[number: string, created: string, lastUpdated: string]> = [
  ['DR0001', '2019-03-10 10:00+01', '2019-03-13 09:00+01'], // in range, updated after it
  ['DR0002', '2019-03-10 11:00+01', '2019-03-11 12:00+01'], // in range, updated within it
  ['DR0003', '2019-03-11 09:00+01', '2019-04-02 08:00+02'], // in range, updated long after
  ['DR0004', '2019-03-09 23:30+01', '2019-03-11 10:00+01'], // the day before, Paris time
  ['DR0005', '2019-03-12 00:10+01', '2019-03-12 00:20+01'], // the day after, Paris time
  ['DR0006', '2019-03-11 23:50+01', '2019-03-11 23:55+01'], // in range, updated at its very end
  ['DR0007', '2019-03-10 00:00+01', '2019-03-12 00:00+01'], // in range, updated at the split itself
];

describe.each(DATABASES)('records created between two days on %s', (kind) => {
  let ctx: TestContext;
  let secretary: Session;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    secretary = await login(ctx.app, 'secretariat@demo.lab');
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, async (tx) => {
      await tx.execute(sql`
        INSERT INTO patients (laboratory_id, patient_surname, patient_name, patient_gender, patient_dob)
        SELECT laboratory_id, 'Datier', 'Rose', 'F', date '1970-05-05' FROM laboratories
         WHERE laboratory_code = 'DEMO'`);
      for (const [number, created, lastUpdated] of RECORDS)
        await tx.execute(sql`
          INSERT INTO records (laboratory_id, record_number, record_patient, record_password,
                               record_created, record_last_updated)
          SELECT laboratory_id, ${number}, patient_id, 'secret', ${created}::timestamptz, ${lastUpdated}::timestamptz
            FROM patients WHERE patient_surname = 'Datier'`);
    });
  });
  afterAll(() => stopTestApp(ctx));

  const numbers = async (query: string) => {
    const response = await call(ctx.app, secretary, {
      method: 'GET',
      url: `/api/get-records?filter_date_from=2019-03-10&filter_date_to=2019-03-11&${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page>();
    return { rows: page.number_of_rows, numbers: page.data.map((row) => row.record_number) };
  };

  /** The last-update order, asked for: the default of a list filtered by days is the creation's. */
  const byUpdate = 'sort_by=record_last_updated&sort_order=DESC';

  it('lists the days’ records newest created first unless asked otherwise', async () => {
    expect(await numbers('number_of_records=50')).toEqual({
      rows: 5,
      numbers: ['DR0006', 'DR0003', 'DR0002', 'DR0001', 'DR0007'],
    });
    expect((await numbers('number_of_records=2&page_number=2')).numbers).toEqual(['DR0002', 'DR0001']);
    expect((await numbers('number_of_records=3&sort_order=ASC')).numbers).toEqual([
      'DR0007',
      'DR0001',
      'DR0002',
    ]);
  });

  it('lists the days’ records by last update, those updated after the last day first', async () => {
    expect(await numbers(`number_of_records=50&${byUpdate}`)).toEqual({
      rows: 5,
      numbers: ['DR0003', 'DR0001', 'DR0007', 'DR0006', 'DR0002'],
    });
  });

  it('pages across the two parts and keeps the order either way', async () => {
    expect((await numbers(`number_of_records=2&page_number=2&${byUpdate}`)).numbers).toEqual([
      'DR0007',
      'DR0006',
    ]);
    expect((await numbers(`number_of_records=2&page_number=3&${byUpdate}`)).numbers).toEqual(['DR0002']);
    expect((await numbers('number_of_records=3&sort_by=record_last_updated&sort_order=ASC')).numbers).toEqual(
      ['DR0002', 'DR0006', 'DR0007'],
    );
  });

  it('keeps the other sorts and a lone first or last day', async () => {
    expect((await numbers('number_of_records=50&sort_by=record_number&sort_order=ASC')).numbers).toEqual([
      'DR0001',
      'DR0002',
      'DR0003',
      'DR0006',
      'DR0007',
    ]);
    const upTo = await call(ctx.app, secretary, 'getRecords', {
      query: {
        filter_date_to: '2019-03-10',
        number_of_records: '50',
        sort_by: 'record_last_updated',
        sort_order: 'DESC',
      },
    });
    expect(upTo.json<Page>().data.map((row) => row.record_number)).toEqual([
      'DR0001',
      'DR0007',
      'DR0002',
      'DR0004',
    ]);
    const createdUpTo = await call(ctx.app, secretary, 'getRecords', {
      query: { filter_date_to: '2019-03-10', number_of_records: '50' },
    });
    expect(createdUpTo.json<Page>().data.map((row) => row.record_number)).toEqual([
      'DR0002',
      'DR0001',
      'DR0007',
      'DR0004',
    ]);
  });
});
