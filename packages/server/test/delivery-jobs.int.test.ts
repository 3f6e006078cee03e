import { RECORD_STATUS } from '@sil/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/open.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { seedDemo } from '../src/seed/demo.js';
import { addGlucosePanel, type GlucosePanel, pendingRecord } from './factories.js';
import { call, createPostgresDatabase, DATABASES, login, type Session, testSchemaName } from './helpers.js';
import { startLocalEndpoint } from './local-endpoint.js';

interface Delivery {
  delivery_id: string;
  delivery_channel: string;
  delivery_state: string;
  delivery_attempts: number;
  delivery_last_error: string | null;
}
interface Deliveries {
  record_status: number;
  deliveries: Delivery[];
}

/** A fax gateway that refuses the first `failures` faxes to each number, then takes them. */
async function startFaxGateway(failures: number) {
  const received: string[] = [];
  const refused = new Map<string, number>();
  const endpoint = await startLocalEndpoint('/fax', (body, _request, response) => {
    const { to } = JSON.parse(body) as { to: string };
    const count = refused.get(to) ?? 0;
    if (count < failures) {
      refused.set(to, count + 1);
      response.writeHead(503).end();
      return;
    }
    received.push(to);
    response.writeHead(200).end('{}');
  });
  return { ...endpoint, received };
}

/** Asks until `check` holds (the job queue works on its own clock), or fails with the last answer. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, seconds = 40): Promise<T> {
  const until = Date.now() + seconds * 1000;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > until) throw new Error(`still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

/**
 * The report sends as background jobs (decision 0016), left to run on their own: pg-boss on
 * PostgreSQL, the row runner on the embedded database. Two server copies on one database share
 * the work; a gateway that fails is tried again after its wait; a failed send is retried by hand;
 * every send leaves exactly once.
 */
describe.each(DATABASES)('report sends as background jobs on %s', (kind) => {
  let database: Database;
  let secondDatabase: Database | undefined;
  let dropPostgres: (() => Promise<void>) | undefined;
  let one: FastifyInstance;
  let other: FastifyInstance;
  let fax: Awaited<ReturnType<typeof startFaxGateway>>;
  let admin: Session;
  let secretary: Session;
  let technician: Session;
  let biologist: Session;
  let panel: GlucosePanel;
  const bossSchema = testSchemaName('pgboss');

  beforeAll(async () => {
    fax = await startFaxGateway(2);
    const created = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    dropPostgres = created?.drop;
    database = await openDatabase(created ? { url: created.url } : {});
    await seedDemo(database.db);
    const config = loadConfig({
      DATA_DIR: '/nonexistent',
      WEB_DIST_DIR: '/nonexistent',
      PUBLIC_URL: 'https://lab.example',
      FAX_GATEWAY_URL: fax.url,
      DELIVERY_POLL_SECONDS: '1',
      DELIVERY_RETRY_SECONDS: '1',
      PGBOSS_SCHEMA: bossSchema,
    });
    one = await buildApp({ config, db: database.db, logger: false });
    // On PostgreSQL the second copy has its own pool, as a second process would.
    secondDatabase = created ? await openDatabase({ url: created.url }) : undefined;
    other = await buildApp({ config, db: (secondDatabase ?? database).db, logger: false });
    await Promise.all([one.ready(), other.ready()]);
    admin = await login(one, 'admin@demo.lab');
    secretary = await login(one, 'secretariat@demo.lab');
    technician = await login(one, 'technicien@demo.lab');
    biologist = await login(one, 'biologiste@demo.lab');
    panel = await addGlucosePanel(one, admin);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([one?.close(), other?.close()]);
    await secondDatabase?.close();
    await database?.close();
    await dropPostgres?.();
    await fax?.stop();
  });

  const deliveriesOf = async (recordId: string) => {
    const answer = await call(one, secretary, 'getRecordDeliveries', { query: { record_id: recordId } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Deliveries>();
  };
  const faxOf = (state: Deliveries) => {
    const found = state.deliveries.find((each) => each.delivery_channel === 'fax');
    if (!found) throw new Error('no fax channel');
    return found;
  };
  /** A record faxed to `number` (none: no address), validated on the copy given. */
  const validatedRecord = async (number: string | null, app = one) => {
    const pending = await pendingRecord(app, { admin, secretary, technician }, panel, {
      patient_surname: 'Envoi',
      patient_name: 'Paul',
      patient_gender: 'M',
      patient_dob: '1971-03-04',
      record_must_fax: true,
      ...(number ? { record_fax_number: number } : {}),
    });
    const validated = await call(app, biologist, 'validateRecord', {
      body: { record_id: pending.recordId, sample_ids: [pending.panel, pending.count] },
    });
    expect(validated.statusCode, validated.body).toBe(200);
    return pending.recordId;
  };

  it('runs with pg-boss on PostgreSQL and the row runner on the embedded database', () => {
    expect(one.deliveryJobs.kind).toBe(kind === 'postgres' ? 'pg-boss' : 'rows');
  });

  it('tries a fax again after its gateway failed, until it goes, once', async () => {
    const recordId = await validatedRecord('+33140000001');
    const state = await eventually(
      () => deliveriesOf(recordId),
      (value) => faxOf(value).delivery_state === 'done',
    );
    expect(faxOf(state)).toMatchObject({ delivery_attempts: 3, delivery_last_error: null });
    expect(state.record_status).toBe(RECORD_STATUS.sent);
    expect(fax.received.filter((to) => to === '+33140000001')).toHaveLength(1);
  }, 60_000);

  it('fails a send without a number at once; retried by hand once the number is known, it goes', async () => {
    const recordId = await validatedRecord(null);
    const failed = faxOf(
      await eventually(
        () => deliveriesOf(recordId),
        (value) => faxOf(value).delivery_state === 'failed',
      ),
    );
    expect(failed.delivery_last_error).toBe('noRecipient');
    await writeTransaction(database.db, SYSTEM_ACTOR, (tx) =>
      tx.execute(sql`UPDATE records SET record_fax_number = '+33140000002' WHERE record_id = ${recordId}`),
    );
    const retried = await call(other, secretary, 'retryDelivery', {
      body: { delivery_id: failed.delivery_id },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    const state = await eventually(
      () => deliveriesOf(recordId),
      (value) => faxOf(value).delivery_state === 'done',
    );
    expect(state.record_status).toBe(RECORD_STATUS.sent);
    expect(fax.received.filter((to) => to === '+33140000002')).toHaveLength(1);
  }, 60_000);

  it('loses no send and sends none twice when two server copies validate and send together', async () => {
    const numbers = Array.from({ length: 6 }, (_, index) => `+3314100000${index}`);
    const recordIds: string[] = [];
    for (const [index, number] of numbers.entries())
      recordIds.push(await validatedRecord(number, index % 2 === 0 ? one : other));
    for (const recordId of recordIds)
      await eventually(
        () => deliveriesOf(recordId),
        (value) => value.record_status === RECORD_STATUS.sent,
      );
    for (const number of numbers) expect(fax.received.filter((to) => to === number)).toHaveLength(1);
  }, 90_000);

  it.runIf(kind === 'postgres')(
    'keeps one pg-boss job per send, two for the send retried by hand',
    async () => {
      const jobs = await database.db.execute(
        sql.raw(
          `SELECT singleton_key AS key, count(*)::int AS jobs, bool_and(state = 'completed') AS completed
           FROM ${bossSchema}.job WHERE name = 'report-delivery' GROUP BY singleton_key`,
        ),
      );
      const rows = (jobs as unknown as { rows: Array<{ key: string; jobs: number; completed: boolean }> })
        .rows;
      const sends = await database.db.execute(
        sql`SELECT delivery_id::text AS id FROM record_deliveries WHERE delivery_channel = 'fax'`,
      );
      const ids = (sends as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id).sort();
      expect(rows.map((row) => row.key).sort()).toEqual(ids);
      expect(rows.every((row) => row.completed)).toBe(true);
      expect(rows.map((row) => row.jobs).sort()).toEqual([...ids.map(() => 1).slice(1), 2].sort());
    },
  );
});
