import pg from 'pg';
import { type Figure, rounded } from '../figures.js';
import type { Session } from '../http.js';
import { SERVER_CONNECTION_SETUP } from '../postgres.js';
import { loadRegistrations } from '../records.js';
import { percentile } from './measure.js';

/**
 * Registrations per second (issue 43): `POST /api/add-patient` (a new patient, a record of three of
 * the demo laboratory's analyses and its samples) with 1 and with 10 connections, each beside the
 * same writes by hand on as many connections of PostgreSQL, and the sessions seen waiting on a lock
 * during each. Before numbers were taken outside the registration's transaction (decision 0031),
 * 10 connections registered fewer a second than one: they queued on the day's counter.
 */
export async function measureRegistrations(
  baseUrl: string,
  session: Session,
  databaseUrl: string,
  laboratoryId: string,
  seconds: number,
): Promise<Figure[]> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const analyses = await orderedAnalyses(admin, laboratoryId);
    const figures: Figure[] = [];
    for (const connections of [1, 10]) {
      const [api, apiWaiting] = await watchingLockWaits(admin, () =>
        loadRegistrations(
          baseUrl,
          session,
          analyses.map((analysis) => analysis.id),
          { durationSeconds: seconds, connections },
        ),
      );
      const [byHand, sqlWaiting] = await watchingLockWaits(admin, () =>
        registerByHand(databaseUrl, laboratoryId, analyses, connections, seconds),
      );
      const apiRps = rounded(api.requests.average);
      figures.push({
        figure: 'scale_registrations_rps',
        database: 'postgres',
        connections,
        value: apiRps,
        unit: 'req/s',
        api_p50_ms: rounded(api.latency.p50),
        non_2xx: api.non2xx,
        errors: api.errors,
        sql_rps: byHand.rps,
        sql_p50_ms: byHand.p50,
        ratio: rounded(byHand.rps / Math.max(apiRps, 0.1), 2),
        lock_waits_seen: apiWaiting.samplesWithWaits,
        lock_wait_max_sessions: apiWaiting.maxWaiting,
        lock_waits_on: apiWaiting.waits,
        sql_lock_waits_seen: sqlWaiting.samplesWithWaits,
        sql_lock_waits_on: sqlWaiting.waits,
        lock_wait_samples: apiWaiting.samples,
      });
    }
    return figures;
  } finally {
    await admin.end();
  }
}

interface Analysis {
  id: string;
  sampleType: string | null;
  matrix: string | null;
}

/** Three visible analyses of the demo laboratory with parameters, first by name: what is ordered. */
async function orderedAnalyses(client: pg.Client, laboratoryId: string): Promise<Analysis[]> {
  const { rows } = await client.query<{ id: string; sample_type: string | null; matrix: string | null }>(
    `SELECT analysis_id AS id, analysis_sample_type AS sample_type, analysis_matrix AS matrix
       FROM analyses WHERE laboratory_id = $1 AND analysis_visible AND cardinality(analysis_parameters) > 0
      ORDER BY analysis_name LIMIT 3`,
    [laboratoryId],
  );
  if (rows.length === 0) throw new Error('the demo laboratory has no analysis to order');
  return rows.map((row) => ({ id: row.id, sampleType: row.sample_type, matrix: row.matrix }));
}

/**
 * Sessions of this database waiting on a lock (pg_stat_activity), sampled every 20 ms until
 * stopped: how many samples saw one, the most seen at once, and what waited (the lock's kind and
 * the statement's beginning) with how many samples saw each.
 */
function watchLockWaits(client: pg.Client) {
  let running = true;
  let samples = 0;
  let samplesWithWaits = 0;
  let maxWaiting = 0;
  const seen = new Map<string, number>();
  const sampling = (async () => {
    while (running) {
      const { rows } = await client.query<{ waiting: string }>(
        `SELECT wait_event || ': ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 60) AS waiting
           FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      samples++;
      if (rows.length > 0) samplesWithWaits++;
      maxWaiting = Math.max(maxWaiting, rows.length);
      for (const { waiting } of rows) seen.set(waiting, (seen.get(waiting) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await sampling;
      const waits = [...seen].map(([what, count]) => `${count}× ${what}`).join('; ');
      return { samples, samplesWithWaits, maxWaiting, waits };
    },
  };
}

/**
 * `work` with the lock waits seen while it ran; the sampling stops whether it succeeds or fails, so
 * that its error is the one reported (not the sampler's on a connection closed under it).
 */
async function watchingLockWaits<T>(client: pg.Client, work: () => Promise<T>) {
  const watch = watchLockWaits(client);
  try {
    const result = await work();
    return [result, await watch.stop()] as const;
  } catch (error) {
    await watch.stop().catch(() => undefined);
    throw error;
  }
}

/**
 * The registration's writes by hand, as fast as the schema allows, on `connections` connections
 * at once for `seconds`: the number taken in its own statement (as the server takes it: its
 * commit does not wait for the disk; past the day's 9,999th record, a fifth digit as the server
 * writes it, where lpad would cut it to four and repeat a number), then one transaction naming its
 * actor (the audit triggers run, as for the API) that inserts the patient, the record and one
 * sample per sample type and matrix of its analyses. No reads, checks nor answer.
 */
async function registerByHand(
  databaseUrl: string,
  laboratoryId: string,
  analyses: Analysis[],
  connections: number,
  seconds: number,
): Promise<{ rps: number; p50: number }> {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(SERVER_CONNECTION_SETUP);
      return client;
    }),
  );
  const tubes = [...new Map(analyses.map((a) => [`${a.sampleType}/${a.matrix}`, a])).values()];
  const selection = JSON.stringify([{ combination: 1, analysis_ids: analyses.map((a) => a.id) }]);
  const durations: number[] = [];
  const until = performance.now() + seconds * 1000;
  let sequence = 0;
  const registerOnce = async (client: pg.Client) => {
    const started = performance.now();
    const { rows } = await client.query<{ number: string }>(
      `WITH no_flush_wait AS (SELECT set_config('synchronous_commit', 'off', true))
       INSERT INTO record_counters (laboratory_id, counter_day, last_value)
       SELECT $1, to_char(now() AT TIME ZONE 'Europe/Paris', 'YYMMDD'), 1 FROM no_flush_wait
       ON CONFLICT (laboratory_id, counter_day) DO UPDATE SET last_value = record_counters.last_value + 1
       RETURNING counter_day || lpad(last_value::text, greatest(4, length(last_value::text)), '0') AS number`,
      [laboratoryId],
    );
    const number = rows[0]?.number;
    await client.query('BEGIN');
    try {
      await client.query(`SELECT set_config('sil.actor', 'bench', true)`);
      const patient = await client.query<{ patient_id: string }>(
        `INSERT INTO patients (laboratory_id, patient_surname, patient_name, patient_gender, patient_dob)
         VALUES ($1, $2, 'Bench', 'F', date '1980-01-01') RETURNING patient_id`,
        [laboratoryId, `ByHand${sequence++}`],
      );
      const record = await client.query<{ record_id: string }>(
        `INSERT INTO records (laboratory_id, record_number, record_patient, record_password,
                              record_selected_analyses, record_status)
         VALUES ($1, $2, $3, 'ByHand', $4::jsonb, 0) RETURNING record_id`,
        [laboratoryId, number, patient.rows[0]?.patient_id, selection],
      );
      for (const [index, tube] of tubes.entries())
        await client.query(
          `INSERT INTO samples (laboratory_id, sample_number, sample_record, sample_type, sample_matrix,
                                sample_analyses)
           VALUES ($1, $2, $3, $4, $5, $6::uuid[])`,
          [
            laboratoryId,
            `${number}-${String(index + 1).padStart(2, '0')}`,
            record.rows[0]?.record_id,
            tube.sampleType,
            tube.matrix,
            analyses
              .filter((a) => a.sampleType === tube.sampleType && a.matrix === tube.matrix)
              .map((a) => a.id),
          ],
        );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
    durations.push(performance.now() - started);
  };
  const started = performance.now();
  try {
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < until) await registerOnce(client);
      }),
    );
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
  const elapsed = (performance.now() - started) / 1000;
  return { rps: rounded(durations.length / elapsed), p50: rounded(percentile(durations, 0.5)) };
}
