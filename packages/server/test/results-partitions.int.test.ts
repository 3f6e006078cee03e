import { SAMPLE_STATUS } from '@sil/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOf } from '../src/db/open.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { agentCall } from './analysers-setup.js';
import { apiClient } from './client.js';
import { type Staff, seedCatalogue, signInStaff } from './factories.js';
import { DATABASES, multipart, startTestApp, stopTestApp, type TestContext } from './helpers.js';

type Query = (...args: unknown[]) => Promise<unknown>;
interface Sent {
  text: string;
  values: unknown[];
  /** A prepared statement's name (node-postgres): PostgreSQL may plan it once for every month. */
  name?: string;
}
interface PlanNode {
  'Relation Name'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** The statement of a driver's query call: (text, values), ({ text, values }) or ({ text }, values). */
function sentOf(args: unknown[]): Sent | null {
  const [first, second] = args;
  const config =
    typeof first === 'string'
      ? { text: first }
      : (first as { text?: string; values?: unknown[]; name?: string });
  if (!config?.text) return null;
  return {
    text: config.text,
    values: (second as unknown[]) ?? config.values ?? [],
    ...('name' in config && config.name ? { name: config.name } : {}),
  };
}

/** The partitions of results a plan opened: those its executor ran at least once. */
function partitionsRead(node: PlanNode, into = new Set<string>()): Set<string> {
  const name = node['Relation Name'];
  if (name?.startsWith('results_') && (node['Actual Loops'] ?? 0) > 0) into.add(name);
  for (const child of node.Plans ?? []) partitionsRead(child, into);
  return into;
}

/** The partitions of results a plan names at all: those PostgreSQL planned, opened or not. */
function partitionsPlanned(node: PlanNode, into = new Set<string>()): Set<string> {
  const name = node['Relation Name'];
  if (name?.startsWith('results_')) into.add(name);
  for (const child of node.Plans ?? []) partitionsPlanned(child, into);
  return into;
}

/** Results in each month beside the patient's: enough for a month's read to cost what it does. */
const FILLER_PER_MONTH = 5000;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const monthOf = (stamp: string) => `results_${new Date(stamp).toISOString().slice(0, 7).replace('-', '_')}`;

/**
 * Results partitioned by month of their record's creation (issue 43, migration 0060, decision
 * 0034): the validation screen's results and anteriority, the patient's history, the writes of
 * results, the samples list, an import's preview, an analyser's orders, the report's lines and the
 * exchange formats read only the months of the records they are about. Each statement the server
 * sends to the results table during those calls is caught on its way and explained with ANALYZE:
 * the partitions its executor opened must be those months, never another patient's month. The
 * abnormal records' refresh, run by triggers, is checked by the scans it adds to each partition.
 */
describe.each(DATABASES)('results partitioned by month on %s', (kind) => {
  let ctx: TestContext;
  let staff: Staff;
  let analysis: string;
  let parameter: string;
  const ours: {
    patientId: string;
    records: Array<{ recordId: string; sampleId: string; sampleNumber: string }>;
  } = {
    patientId: '',
    records: [],
  };

  /** Sends every statement the database receives meanwhile, transactions' too, to `sent`. */
  async function catching<T>(work: () => Promise<T>): Promise<{ answer: T; sent: Sent[] }> {
    const sent: Sent[] = [];
    const wrap =
      (query: Query): Query =>
      (...args) => {
        const statement = sentOf(args);
        if (statement) sent.push(statement);
        return query(...args);
      };
    const restore: Array<() => void> = [];
    const pool = poolOf(ctx.database.db);
    if (pool) {
      // Every statement goes through a client of the pool: the pool's own query too.
      type Client = { query: Query };
      type Done = (error: Error | undefined, client?: Client, release?: unknown) => void;
      const connect = pool.connect as unknown as (done?: Done) => Promise<Client> | undefined;
      const watch = (client: Client) => {
        const own = client.query;
        client.query = wrap(own.bind(client));
        restore.push(() => {
          client.query = own;
        });
        return client;
      };
      Object.assign(pool, {
        connect: (done?: Done) =>
          done
            ? connect.call(pool, (error, client, release) =>
                done(error, client ? watch(client) : client, release),
              )
            : connect.call(pool)?.then(watch),
      });
      restore.push(() => Object.assign(pool, { connect }));
    } else {
      const client = (ctx.database.db as unknown as { $client: { query: Query; transaction: Query } })
        .$client;
      const { query, transaction } = client;
      Object.assign(client, {
        query: wrap(query.bind(client)),
        transaction: (fn: (tx: { query: Query }) => Promise<unknown>) =>
          transaction.call(client, (tx: { query: Query }) => {
            tx.query = wrap(tx.query.bind(tx));
            return fn(tx);
          }),
      });
      restore.push(() => Object.assign(client, { query, transaction }));
    }
    try {
      return { answer: await work(), sent };
    } finally {
      for (const undo of restore.reverse()) undo();
    }
  }

  /** The partitions each caught read of results opened, explained with ANALYZE (reads only). */
  async function readsOfResults(sent: Sent[]) {
    const reads = sent.filter(
      ({ text }) => /^\s*select/i.test(text) && /(from|join)\s+"results"/i.test(text),
    );
    // A named statement may get a plan made once for all months, which locks every month at each
    // run: reads of results are built once but sent unnamed (`builtRead`, db/prepared.ts).
    expect(reads.filter((read) => read.name).map((read) => `${read.name}: ${read.text}`)).toEqual([]);
    const client = (poolOf(ctx.database.db) ??
      (ctx.database.db as unknown as { $client: { query: Query } }).$client) as unknown as {
      query(text: string, values: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
    };
    const explained = [];
    for (const read of reads) {
      const { rows } = await client.query(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF, FORMAT JSON) ${read.text}`,
        read.values,
      );
      const raw = rows[0]?.['QUERY PLAN'];
      const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
      // Planned alone, without running it: the months PostgreSQL planned (pruned when it ran or not).
      const { rows: planned } = await client.query(
        `EXPLAIN (COSTS OFF, FORMAT JSON) ${read.text}`,
        read.values,
      );
      const plannedRaw = planned[0]?.['QUERY PLAN'];
      const [onlyPlanned] = (typeof plannedRaw === 'string' ? JSON.parse(plannedRaw) : plannedRaw) as Array<{
        Plan: PlanNode;
      }>;
      explained.push({
        text: read.text,
        read: [...partitionsRead(plan?.Plan ?? {})].sort(),
        planned: [...partitionsPlanned(onlyPlanned?.Plan ?? {})].sort(),
      });
    }
    return explained;
  }

  /** A record of the analysis for the patient, created on `created` (UTC), its result entered. */
  async function recordOn(created: string, value: number, patientId?: string) {
    const answer = await apiClient(ctx.app, staff.secretary).addPatient({
      ...(patientId
        ? { patient_id: patientId }
        : { patient_surname: 'Mois', patient_name: 'Anne', patient_gender: 'F', patient_dob: '1970-05-06' }),
      record_collection_datetime: created,
      record_selected_analyses: [{ combination: 1, analysis_ids: [analysis] }],
    });
    // Registered that day (a record's stamp never changes once results carry it: moved before any).
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(
        sql`UPDATE records SET record_created = ${created} WHERE record_id = ${answer.record_id}`,
      );
    });
    const sampleId = answer.samples[0]?.sample_id ?? '';
    await apiClient(ctx.app, staff.technician).updateSampleResults({
      sample_id: sampleId,
      results: [{ parameter_id: parameter, result_value: value }],
    });
    const sampleNumber = answer.samples[0]?.sample_number ?? '';
    return { patientId: answer.patient_id, recordId: answer.record_id, sampleId, sampleNumber };
  }

  async function validate(record: { recordId: string; sampleId: string }) {
    await apiClient(ctx.app, staff.secretary).receiveRecord({ record_id: record.recordId });
    await apiClient(ctx.app, staff.technician).updateSampleStatus({
      sample_id: record.sampleId,
      sample_status: SAMPLE_STATUS.removed,
      force_save: true,
    });
    await apiClient(ctx.app, staff.biologist).validateRecord({
      record_id: record.recordId,
      sample_ids: [record.sampleId],
    });
  }

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    staff = await signInStaff(ctx.app);
    const catalogue = await seedCatalogue(ctx.app, staff.admin);
    const added = await apiClient(ctx.app, staff.admin)
      .reference('parameters')
      .add({ parameter_name: 'Potassium', parameter_unit: 'mmol/L', parameter_decimals: 1 });
    parameter = String(added.parameter_id);
    const panel = await apiClient(ctx.app, staff.admin)
      .reference('analyses')
      .add({
        analysis_name: 'Kaliémie',
        analysis_sample_type: catalogue.serum,
        analysis_matrix: catalogue.blood,
        analysis_parameters: [parameter],
      });
    analysis = String(panel.analysis_id);
    // The patient's two earlier records, in March and August 2025, validated.
    const march = await recordOn('2025-03-12T09:00:00.000Z', 4.1);
    ours.patientId = march.patientId;
    const august = await recordOn('2025-08-18T09:00:00.000Z', 4.4, ours.patientId);
    for (const record of [march, august]) await validate(record);
    // Another patient's record in May 2025, validated: a month the patient's reads never open.
    await validate(await recordOn('2025-05-14T09:00:00.000Z', 5.2));
    // Months with nothing of the patient's, before and after.
    for (const month of ['2024-11-15T00:00:00Z', '2025-04-15T00:00:00Z', '2025-06-15T00:00:00Z'])
      await ctx.database.db.execute(sql`SELECT results_month_partition(${month})`);
    ours.records = [march, august];
    // Every month of some size, as in a laboratory's history: results of other samples, written
    // without their checks (no sample nor record behind them, nobody reads them), so that the
    // planner weighs a month's read as it would on a real table and not a few rows.
    const months = [
      '2024-11',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-08',
      new Date().toISOString().slice(0, 7),
    ];
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      for (const month of months)
        await tx.execute(sql`
          INSERT INTO results (laboratory_id, result_sample, result_parameter, result_record_created,
                               result_value, result_entered_by)
          SELECT gen_random_uuid(), gen_random_uuid(), ${parameter}, ${`${month}-10T08:00:00Z`}::timestamptz + n * interval '1 second',
                 1, gen_random_uuid()
            FROM generate_series(1, ${FILLER_PER_MONTH}) AS n`);
    });
    await ctx.database.db.execute(sql`ANALYZE results`);
  }, 240_000);
  afterAll(() => stopTestApp(ctx));

  const monthsOf = async (recordIds: string[]) => {
    const rows = rowsOf<{ record_created: string }>(
      await ctx.database.db.execute(
        sql`SELECT record_created::text AS record_created FROM records WHERE record_id IN ${recordIds}`,
      ),
    );
    return new Set(rows.map((row) => monthOf(row.record_created)));
  };

  it('writes a result into its record’s month and reads only that month while writing', async () => {
    const answer = await apiClient(ctx.app, staff.secretary).addPatient({
      patient_id: ours.patientId,
      record_selected_analyses: [{ combination: 1, analysis_ids: [analysis] }],
    });
    const sampleId = answer.samples[0]?.sample_id ?? '';
    ours.records.push({
      recordId: answer.record_id,
      sampleId,
      sampleNumber: answer.samples[0]?.sample_number ?? '',
    });
    const { sent } = await catching(() =>
      apiClient(ctx.app, staff.technician).updateSampleResults({
        sample_id: sampleId,
        results: [{ parameter_id: parameter, result_value: 4.6 }],
      }),
    );
    const [month] = await monthsOf([answer.record_id]);
    const stored = rowsOf<{ partition: string }>(
      await ctx.database.db.execute(
        sql`SELECT tableoid::regclass::text AS partition FROM results WHERE result_sample = ${sampleId}`,
      ),
    );
    expect(stored.map((row) => row.partition)).toEqual([month]);
    expect(sent.some(({ text }) => /insert into "results"/i.test(text) && /on conflict/i.test(text))).toBe(
      true,
    );
    // The sample's own results (read to compare with the stored ones, and to answer) are in its
    // record's month; the answer's anteriority opens the patient's other months, no one else's.
    const reads = await readsOfResults(sent);
    const own = reads.filter(({ text }) => /order by "results"\."result_entered_at"/i.test(text));
    expect(own.length).toBeGreaterThan(0);
    // Its month named as a value: planned alone, not planned over every month and pruned as it ran.
    for (const read of own)
      expect({ read: read.read, planned: read.planned }, read.text).toEqual({
        read: [month],
        planned: [month],
      });
    const allowed = await monthsOf(ours.records.map((record) => record.recordId));
    for (const read of reads) for (const name of read.read) expect(allowed, read.text).toContain(name);
    for (const read of reads) for (const name of read.planned) expect(allowed, read.text).toContain(name);
  });

  it('reads the record’s month and the months of the patient’s earlier records for the validation screen', async () => {
    const current = ours.records[2];
    if (!current) throw new Error('the write test runs first');
    const { answer, sent } = await catching(() =>
      apiClient(ctx.app, staff.biologist).previewRecord({ record_id: current.recordId }),
    );
    // The anteriority is there: the August result, the latest validated before this record.
    const line = answer.samples[0]?.lines.find((row) => row.parameter_id === parameter);
    expect(line?.anteriority?.result_value).toBe(4.4);
    const allowed = await monthsOf(ours.records.map((record) => record.recordId));
    expect(allowed.has('results_2025_05')).toBe(false);
    const reads = await readsOfResults(sent);
    expect(reads.length).toBeGreaterThanOrEqual(2);
    const opened = new Set(reads.flatMap((read) => read.read));
    for (const read of reads) for (const name of read.read) expect(allowed, read.text).toContain(name);
    // Each read is planned over those months only (values, not a join pruned as it runs: planning
    // every month cost each statement tens of milliseconds at five years).
    for (const read of reads) for (const name of read.planned) expect(allowed, read.text).toContain(name);
    // The anteriority's read opened the earlier months it found the August result in.
    expect(opened).toContain('results_2025_08');
    expect(opened).not.toContain('results_2025_05');
  });

  it('reads only the months of the patient’s records for the results history', async () => {
    const { answer, sent } = await catching(() =>
      apiClient(ctx.app, staff.biologist).getPatientResults({
        patient_id: ours.patientId,
        page_number: 1,
        number_of_records: 20,
      }),
    );
    expect(answer.number_of_rows).toBe(3);
    const allowed = await monthsOf(ours.records.map((record) => record.recordId));
    const reads = await readsOfResults(sent);
    expect(reads.length).toBeGreaterThan(0);
    const opened = new Set(reads.flatMap((read) => read.read));
    expect([...opened].sort()).toEqual([...allowed].sort());
  });

  it('reads the listed samples’ results in their records’ months only: progress and abnormal mark', async () => {
    const [march] = ours.records;
    if (!march) throw new Error('the set-up made the March record');
    const { answer, sent } = await catching(() =>
      apiClient(ctx.app, staff.technician).getSamples({ search: march.sampleNumber }),
    );
    const listed = answer.data.find((row) => row.sample_id === march.sampleId);
    expect(listed?.sample_results).toEqual({ entered: 1, expected: 1 });
    expect(listed?.sample_abnormal).toBe(false);
    // The fields the results are read with (the record's stamp, the measured parameters) are not answered.
    expect(Object.keys(listed ?? {}).filter((key) => /stamp|measured/.test(key))).toEqual([]);
    const reads = await readsOfResults(sent);
    expect(reads.length).toBeGreaterThan(0);
    const months = await monthsOf(answer.data.map((row) => row.sample_record));
    expect([...months]).toEqual(['results_2025_03']);
    for (const read of reads) expect(read.read, read.text).toEqual([...months]);
    // Planned over those months only too: the results are read after the page, their records'
    // stamps named as values, where a sub-select of the page's statement was planned over every month.
    for (const read of reads) expect(read.planned, read.text).toEqual([...months]);
  });

  it('reads the stored results of an import’s samples in their records’ months only', async () => {
    // Another patient's tube of June 2025, its result entered, not validated: the file changes it.
    const june = await recordOn('2025-06-20T09:00:00.000Z', 4);
    await apiClient(ctx.app, staff.admin).updateImportMappings({
      file_type: 'forwarding',
      mappings: [{ instrument_code: 'K', parameter_id: parameter }],
    });
    const file = ['echantillon;code;résultat;unité;commentaire', `${june.sampleNumber};K;4,3;mmol/L;`, ''];
    const { answer, sent } = await catching(() =>
      apiClient(ctx.app, staff.technician).send(
        'previewResultsImport',
        multipart(
          { file_type: 'forwarding' },
          { name: 'export.csv', bytes: Buffer.from(file.join('\r\n'), 'latin1') },
        ),
      ),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ lines: unknown[] }>().lines).toEqual([
      expect.objectContaining({ sample_number: june.sampleNumber, previous_value: 4, change: 'changed' }),
    ]);
    const reads = await readsOfResults(sent);
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read.read, read.text).toEqual(['results_2025_06']);
  });

  it('reads the results of an analyser’s sample in its record’s month only for its orders', async () => {
    const admin = apiClient(ctx.app, staff.admin);
    const enrolment = await admin.addAgent({ agent_name: 'Paillasse mois' });
    const machine = String(
      (
        await admin.reference('machines').add({
          machine_name: 'Cobas mois',
          machine_code: 'CMOIS',
          machine_protocol: 'astm',
          machine_transport: 'tcp_server',
          machine_port: 4001,
          machine_agent: enrolment.agent_id,
        })
      ).machine_id,
    );
    await admin.updateAnalyserMappings({
      machine_id: machine,
      mappings: [{ test_code: 'K', parameter_id: parameter }],
    });
    const { credential } = await apiClient(ctx.app, null).enrolAgent({
      enrolment_code: enrolment.enrolment_code,
      agent_host: 'paillasse-mois',
    });
    // A tube of the patient registered today, nothing measured yet.
    const today = await apiClient(ctx.app, staff.secretary).addPatient({
      patient_id: ours.patientId,
      record_selected_analyses: [{ combination: 1, analysis_ids: [analysis] }],
    });
    const { answer, sent } = await catching(() =>
      agentCall(ctx.app, credential, 'getAnalyserOrders', {
        query: { machine_id: machine, specimen_id: today.samples[0]?.sample_number ?? '' },
      }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ tests: Array<{ test_code: string }> }>().tests).toEqual([
      expect.objectContaining({ test_code: 'K' }),
    ]);
    const reads = await readsOfResults(sent);
    expect(reads.length).toBeGreaterThan(0);
    const months = [...(await monthsOf([today.record_id]))];
    for (const read of reads) expect(read.read, read.text).toEqual(months);
  });

  it('reads a validated record’s results in the patient’s months only for its report lines and exchange', async () => {
    const [march] = ours.records;
    if (!march) throw new Error('the set-up made the March record');
    const { answer: lines, sent: reportSent } = await catching(() =>
      apiClient(ctx.app, staff.biologist).getValidatedResults({ record_id: march.recordId }),
    );
    expect(lines.map((line) => line.result_value)).toEqual([4.1]);
    const { answer: exported, sent: exchangeSent } = await catching(() =>
      apiClient(ctx.app, staff.biologist).exportRecordResults({ record_id: march.recordId, format: 'hl7' }),
    );
    expect(exported.content).toContain('4.1');
    const allowed = await monthsOf(ours.records.map((record) => record.recordId));
    for (const sent of [reportSent, exchangeSent]) {
      const reads = await readsOfResults(sent);
      expect(reads.length).toBeGreaterThan(0);
      // The record's own results in March; its anteriority, none, in the patient's months.
      const own = reads.filter((read) => /order by "results"\."result_entered_at"/i.test(read.text));
      expect(own.length).toBeGreaterThan(0);
      for (const read of own) expect(read.read, read.text).toEqual(['results_2025_03']);
      for (const read of own) expect(read.planned, read.text).toEqual(['results_2025_03']);
      for (const read of reads) for (const name of read.read) expect(allowed, read.text).toContain(name);
    }
  });

  it('reads the trail, not the results, for a record’s trace', async () => {
    const [march] = ours.records;
    if (!march) throw new Error('the set-up made the March record');
    const { answer, sent } = await catching(() =>
      apiClient(ctx.app, staff.biologist).getRecordTrace({ record_id: march.recordId }),
    );
    expect(answer.some((entry) => entry.result_change !== null)).toBe(true);
    expect(await readsOfResults(sent)).toEqual([]);
  });

  it('keeps a record’s abnormal mark from its month’s results alone', async () => {
    // The rule is asked again of the record by the triggers of its results and samples (migration
    // 0039); the scans of each partition are counted by the session's statistics, which hold
    // earlier transactions' counts not yet reported: the scans the call adds are compared.
    const [march] = ours.records;
    if (!march) throw new Error('the set-up made the March record');
    const opened = await writeTransaction(ctx.database.db, SYSTEM_ACTOR, async (tx) => {
      const scans = async () =>
        new Map(
          rowsOf<{ relname: string; scans: number }>(
            await tx.execute(sql`SELECT relname, (seq_scan + coalesce(idx_scan, 0))::int AS scans
              FROM pg_stat_xact_user_tables WHERE relname LIKE 'results\_%'`),
          ).map((row) => [row.relname, row.scans]),
        );
      const before = await scans();
      await tx.execute(sql`SELECT refresh_abnormal_record(${march.recordId})`);
      const after = await scans();
      return [...after].filter(([name, count]) => count > (before.get(name) ?? 0)).map(([name]) => name);
    });
    expect(opened.sort()).toEqual(['results_2025_03']);
  });

  it('moves the rows a default partition kept for a month into that month when it is created', async () => {
    // August's filler first removed: creating a month checks the references of every row it takes.
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(
        sql`DELETE FROM results_2025_08 r WHERE NOT EXISTS (SELECT 1 FROM samples WHERE sample_id = r.result_sample)`,
      );
    });
    const before = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`SELECT count(*)::int AS n FROM results WHERE result_record_created >= '2025-08-01Z' AND result_record_created < '2025-09-01Z'`,
      ),
    );
    // The August month, taken away with its rows into the default partition, then asked for again.
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE results DETACH PARTITION results_2025_08`);
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`INSERT INTO results SELECT * FROM results_2025_08`);
      await tx.execute(sql`DROP TABLE results_2025_08`);
    });
    const inDefault = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM results_default`),
    );
    expect(inDefault[0]?.n).toBe(before[0]?.n);
    await ctx.database.db.execute(sql`SELECT results_month_partition('2025-08-20Z')`);
    const after = rowsOf<{ partition: string; n: number }>(
      await ctx.database.db.execute(sql`SELECT tableoid::regclass::text AS partition, count(*)::int AS n FROM results
           WHERE result_record_created >= '2025-08-01Z' AND result_record_created < '2025-09-01Z'
           GROUP BY 1`),
    );
    expect(after).toEqual([{ partition: 'results_2025_08', n: before[0]?.n }]);
    // The results' triggers hold on the month created again: a validated result stays frozen.
    const august = ours.records[1];
    const refusal = await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.execute(sql`UPDATE results SET result_value = 9 WHERE result_sample = ${august?.sampleId}`),
    ).then(
      () => 'accepted',
      (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
    );
    expect(refusal).toBe('resultValidated');
    // Nor can a result be added to it: only a restore's inserts pass the guard (migration 0063).
    const added = await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.execute(
        sql`INSERT INTO results (laboratory_id, result_sample, result_parameter, result_record_created, result_value)
            SELECT s.laboratory_id, s.sample_id, gen_random_uuid(), r.record_created, 1
              FROM samples s JOIN records r ON r.record_id = s.sample_record WHERE s.sample_id = ${august?.sampleId}`,
      ),
    ).then(
      () => 'accepted',
      (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
    );
    expect(added).toBe('resultValidated');
  });

  it('keeps a record’s creation stamp, the month its results are read in, as it was registered', async () => {
    const [first] = ours.records;
    const moved = await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.execute(
        sql`UPDATE records SET record_created = record_created - interval '3 months' WHERE record_id = ${first?.recordId}`,
      ),
    ).then(
      () => 'accepted',
      (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
    );
    expect(moved).toMatch(/record_created is fixed at registration/);
    // Its other columns still change.
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.execute(
        sql`UPDATE records SET record_internal_notes = 'Contrôle' WHERE record_id = ${first?.recordId}`,
      ),
    );
  });
});
