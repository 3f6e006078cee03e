import type pg from 'pg';

/** Results wanted in the scale database: a laboratory group's few years of one common panel. */
export const FULL_RESULTS = 1_000_000;
/** The panel a record of the results cases orders: the demo analyses, in order, up to 30 parameters. */
const PANEL_PARAMETERS = 30;

export interface ResultsProbes {
  /** A sample of an editable record, the panel entered: saved again and again by case (a). */
  saveSampleId: string;
  /** The latest record of a patient with earlier validated panels: previewed by case (b). */
  previewRecordId: string;
  /** The patient of that record, and the record's collection time: the anteriority query's inputs. */
  previewPatientId: string;
  previewCollectedAt: string;
  /** The panel's parameters: the anteriority query asks for these. */
  panelParameters: string[];
  results: number;
}

/** The demo analyses, in name order, until their parameters reach the panel's size (non-forensic). */
async function panelOf(client: pg.ClientBase, laboratoryId: string) {
  const { rows } = await client.query<{ analysis_id: string; analysis_parameters: string[] }>(
    `SELECT analysis_id, analysis_parameters FROM analyses
      WHERE laboratory_id = $1 AND NOT analysis_is_forensic AND cardinality(analysis_parameters) > 0
      ORDER BY analysis_name`,
    [laboratoryId],
  );
  const analyses: string[] = [];
  const parameters = new Set<string>();
  for (const row of rows) {
    if (parameters.size >= PANEL_PARAMETERS) break;
    analyses.push(row.analysis_id);
    for (const id of row.analysis_parameters) parameters.add(id);
  }
  return { analyses, parameters: [...parameters] };
}

/**
 * Gives every record of one patient in `stride` the panel and its results, validated as their
 * samples are (`LEAST(record_status, 5)` in the records load): about `target` results, with the
 * anteriorities a real patient history has. Runs in the caller's transaction, triggers off.
 */
async function insertResults(
  client: pg.ClientBase,
  laboratoryId: string,
  panel: { analyses: string[]; parameters: string[] },
  target: number,
): Promise<number> {
  const { rows: counts } = await client.query<{ samples: string }>(
    `SELECT count(*) AS samples FROM samples WHERE laboratory_id = $1`,
    [laboratoryId],
  );
  const samples = Number(counts[0]?.samples ?? 0);
  const stride = Math.max(1, Math.floor((samples * panel.parameters.length) / target));
  await client.query(
    `CREATE TEMP TABLE scale_result_samples ON COMMIT DROP AS
       SELECT s.sample_id, s.sample_last_updated, r.record_created FROM samples s
         JOIN records r ON r.record_id = s.sample_record
        WHERE s.laboratory_id = $1 AND r.record_password = 'Scale2026'
          AND abs(hashtext(r.record_patient::text)) % $2 = 0`,
    [laboratoryId, stride],
  );
  await client.query(
    `UPDATE samples SET sample_analyses = $1::uuid[]
      WHERE sample_id IN (SELECT sample_id FROM scale_result_samples)`,
    [panel.analyses],
  );
  // The months the records were created in, each a partition of results (migration 0060).
  await client.query(
    `SELECT results_month_partition(month)
       FROM (SELECT DISTINCT date_trunc('month', record_created) AS month FROM scale_result_samples) AS months`,
  );
  const inserted = await client.query(
    `INSERT INTO results (laboratory_id, result_sample, result_parameter, result_record_created, result_value,
                          result_calculated, result_unit, result_flags, result_entered_by, result_entered_at,
                          result_last_updated)
     SELECT $1, s.sample_id, p.parameter_id, s.record_created, round((0.5 + random() * 5)::numeric, 2), NULL,
            coalesce(p.parameter_unit_after_calc, p.parameter_unit), '{}',
            (SELECT admin_uid FROM users WHERE user_email = 'admin@demo.lab'),
            s.sample_last_updated, s.sample_last_updated
       FROM scale_result_samples s
       CROSS JOIN parameters p
      WHERE p.parameter_id = ANY($2::uuid[])`,
    [laboratoryId, panel.parameters],
  );
  return inserted.rowCount ?? 0;
}

/**
 * Marks 3 results in 100 high, once (a database loaded earlier has none marked): the records list's
 * abnormal mark and filter (migration 0035) then find the share of out-of-range results a
 * laboratory has. Triggers off, as the load: the validated results are frozen by results_guard.
 */
async function flagResults(client: pg.ClientBase, laboratoryId: string): Promise<void> {
  const { rows } = await client.query<{ flagged: string; total: string }>(
    `SELECT count(*) FILTER (WHERE result_flags && '{low,high,toxic,deadly}'::text[]) AS flagged,
            count(*) AS total
       FROM results WHERE laboratory_id = $1`,
    [laboratoryId],
  );
  // The demo data's few marked results aside: a load marks 1 in 33, so more than 1 in 1,000 is done.
  if (Number(rows[0]?.flagged ?? 0) * 1000 > Number(rows[0]?.total ?? 0)) return;
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL session_replication_role = replica`);
    await client.query(`SELECT setseed(0.0035)`);
    await client.query(
      `UPDATE results SET result_flags = '{high}' WHERE laboratory_id = $1 AND random() < 0.03`,
      [laboratoryId],
    );
    // The abnormal records are kept by triggers on results and samples (migration 0039), off here.
    await client.query(`DELETE FROM abnormal_records WHERE laboratory_id = $1`, [laboratoryId]);
    await client.query(
      `INSERT INTO abnormal_records (record_id, laboratory_id)
       SELECT DISTINCT s.sample_record, s.laboratory_id FROM results r JOIN samples s ON s.sample_id = r.result_sample
        WHERE r.laboratory_id = $1 AND r.result_flags && '{low,high,toxic,deadly}'::text[] AND s.sample_status >= 4`,
      [laboratoryId],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  await client.query('VACUUM ANALYZE results, abnormal_records');
}

/** Picks the two records the cases work on, among those the load gave results. */
async function probesOf(client: pg.ClientBase, laboratoryId: string) {
  const { rows: editable } = await client.query<{ sample_id: string }>(
    `SELECT s.sample_id FROM samples s JOIN records r ON r.record_id = s.sample_record
      WHERE s.laboratory_id = $1 AND cardinality(s.sample_analyses) > 0 AND r.record_password = 'Scale2026'
        AND r.record_status IN (1, 2, 3) AND NOT r.record_annulr_flag AND s.sample_status < 4
      ORDER BY r.record_created DESC LIMIT 1`,
    [laboratoryId],
  );
  const { rows: history } = await client.query<{
    record_id: string;
    record_patient: string;
    collected_at: Date;
  }>(
    `SELECT r.record_id, r.record_patient, coalesce(s.sample_collection_datetime, r.record_collection_datetime) AS collected_at
       FROM records r JOIN samples s ON s.sample_record = r.record_id
      WHERE r.laboratory_id = $1 AND cardinality(s.sample_analyses) > 0 AND NOT r.record_annulr_flag
        AND r.record_password = 'Scale2026'
        AND (SELECT count(*) FROM records earlier JOIN samples es ON es.sample_record = earlier.record_id
              WHERE earlier.record_patient = r.record_patient AND earlier.record_created < r.record_created
                AND es.sample_status >= 4 AND cardinality(es.sample_analyses) > 0) >= 3
      ORDER BY r.record_created DESC LIMIT 1`,
    [laboratoryId],
  );
  const save = editable[0];
  const preview = history[0];
  if (!save || !preview) throw new Error('the results load left no record to save or preview');
  return {
    saveSampleId: save.sample_id,
    previewRecordId: preview.record_id,
    previewPatientId: preview.record_patient,
    previewCollectedAt: preview.collected_at.toISOString(),
  };
}

/**
 * Loads about `target` results into the demo laboratory loaded by `loadScaleData`, in one
 * transaction with triggers off (no audit trace nor result guard per generated row), the results'
 * secondary index rebuilt after; or, on a database loaded before, only finds the probes again.
 */
export async function loadScaleResults(
  client: pg.ClientBase,
  laboratoryId: string,
  target = FULL_RESULTS,
): Promise<ResultsProbes & { load_ms: number }> {
  const started = performance.now();
  const panel = await panelOf(client, laboratoryId);
  const { rows } = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM results WHERE laboratory_id = $1`,
    [laboratoryId],
  );
  let results = Number(rows[0]?.n ?? 0);
  if (results < target / 2) {
    await client.query('BEGIN');
    try {
      await client.query(`SET LOCAL session_replication_role = replica`);
      await client.query(`SET LOCAL maintenance_work_mem = '512MB'`);
      await client.query(`SELECT setseed(0.1513)`);
      const { rows: indexes } = await client.query<{ name: string; definition: string }>(
        `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
          WHERE schemaname = current_schema() AND tablename = 'results'
            AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
      );
      for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
      results += await insertResults(client, laboratoryId, panel, target);
      for (const index of indexes) await client.query(index.definition);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
    await client.query('VACUUM ANALYZE results, samples');
  }
  await flagResults(client, laboratoryId);
  const probes = await probesOf(client, laboratoryId);
  return {
    ...probes,
    panelParameters: panel.parameters,
    results,
    load_ms: Math.round(performance.now() - started),
  };
}

/** The months of the patient's records, which the server names so that only they are read (0060). */
async function monthsOfPatient(client: pg.ClientBase, patientId: string): Promise<string[]> {
  const { rows } = await client.query<{ record_created: Date }>(
    `SELECT DISTINCT record_created FROM records WHERE record_patient = $1`,
    [patientId],
  );
  return rows.map((row) => row.record_created.toISOString());
}

/** The anteriority statement of the results module (`anterioritiesOf`), as the server sends it. */
const ANTERIORITIES = `
     SELECT DISTINCT ON (res.result_parameter) res.result_parameter, r.record_id, r.record_number,
            coalesce(s.sample_collection_datetime, r.record_collection_datetime, r.record_created) AS collected_at,
            res.result_value, res.result_text, res.result_calculated, res.result_censored, res.result_unit
       FROM records r
       JOIN samples s ON s.sample_record = r.record_id
       JOIN results res ON res.result_sample = s.sample_id AND res.result_record_created = r.record_created
      WHERE r.record_patient = $1 AND r.record_id <> $2 AND r.record_annulr_flag = false
        AND s.sample_status >= 4
        AND res.result_parameter = ANY($4::uuid[])
        AND res.result_record_created = ANY($5::timestamptz[])
        AND coalesce(s.sample_collection_datetime, r.record_collection_datetime, r.record_created) < $3
      ORDER BY res.result_parameter,
               coalesce(s.sample_collection_datetime, r.record_collection_datetime, r.record_created) DESC`;

const anteriorityParams = async (client: pg.ClientBase, probes: ResultsProbes) => [
  probes.previewPatientId,
  probes.previewRecordId,
  probes.previewCollectedAt,
  probes.panelParameters,
  await monthsOfPatient(client, probes.previewPatientId),
];

/**
 * The anteriority query as PostgreSQL plans it for the preview's patient: the plan must reach the
 * results through an index, never a scan of them all, in the months of the patient's records only.
 */
export async function explainAnteriorities(client: pg.ClientBase, probes: ResultsProbes): Promise<string> {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${ANTERIORITIES}`,
    await anteriorityParams(client, probes),
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/**
 * preview-record's reads written by hand, one after the other on one connection: the floor its API
 * figure stands beside. The record with its patient and samples, their analyses and parameters, their
 * results in the record's month, the months of the patient's records, the previous results in them.
 */
export async function previewRecordByHand(client: pg.ClientBase, probes: ResultsProbes): Promise<void> {
  const { rows: read } = await client.query<{
    stamp: string;
    samples: Array<{ sample_id: string; sample_analyses: string[] }>;
  }>(
    `SELECT r.*, r.record_created::text AS stamp, to_jsonb(p) AS patient,
            (SELECT coalesce(json_agg(to_jsonb(s) ORDER BY s.sample_number), '[]'::json)
               FROM samples s WHERE s.sample_record = r.record_id) AS samples
       FROM records r JOIN patients p ON p.patient_id = r.record_patient
      WHERE r.record_id = $1`,
    [probes.previewRecordId],
  );
  const samples = read[0]?.samples ?? [];
  const { rows: analyses } = await client.query<{ analysis_parameters: string[] }>(
    `SELECT analysis_id, analysis_name, analysis_parameters FROM analyses WHERE analysis_id = ANY($1::uuid[])`,
    [samples.flatMap((sample) => sample.sample_analyses)],
  );
  await client.query(`SELECT * FROM parameters WHERE parameter_id = ANY($1::uuid[])`, [
    analyses.flatMap((analysis) => analysis.analysis_parameters),
  ]);
  // The record's results in its month, named as a value as the server does (planned alone).
  await client.query(
    `SELECT res.* FROM results res
      WHERE res.result_sample = ANY($1::uuid[]) AND res.result_record_created = $2 ORDER BY res.result_entered_at`,
    // The stamp as text: a Date would lose its microseconds and find nothing.
    [samples.map((sample) => sample.sample_id), read[0]?.stamp],
  );
  await client.query(ANTERIORITIES, await anteriorityParams(client, probes));
}

/** The patient history screen's page (patient-results.tsx in the web app): 20 results. */
export const HISTORY_PAGE_SIZE = 20;

/**
 * The page statement of the patient's results history (`patientResultsPage`), as the server sends
 * it: the patient's results in the months of their records, newest collection first, with the
 * sample's first analysis that measures each and the total for the pages.
 */
const HISTORY_PAGE = `
     SELECT res.result_id, r.record_id, r.record_number, s.sample_id, s.sample_number, s.sample_status,
            coalesce(s.sample_collection_datetime, r.record_collection_datetime, r.record_created) AS collected_at,
            (SELECT a.analysis_name FROM analyses a
              WHERE a.analysis_id = ANY(s.sample_analyses) AND res.result_parameter = ANY(a.analysis_parameters)
              ORDER BY array_position(s.sample_analyses, a.analysis_id) LIMIT 1) AS analysis_name,
            p.parameter_id, p.parameter_name, res.result_value, res.result_text, res.result_calculated,
            res.result_censored, res.result_unit, res.result_flags, count(*) OVER () AS total
       FROM records r
       JOIN samples s ON s.sample_record = r.record_id
       JOIN results res ON res.result_sample = s.sample_id AND res.result_record_created = r.record_created
       JOIN parameters p ON p.parameter_id = res.result_parameter
      WHERE r.record_patient = $1 AND r.laboratory_id = $2 AND r.record_annulr_flag = false
        AND res.result_record_created = ANY($3::timestamptz[])
      ORDER BY collected_at DESC, s.sample_number, p.parameter_name, res.result_id
      LIMIT ${HISTORY_PAGE_SIZE}`;

/**
 * The patient history's statements written by hand, one after the other on one connection: the
 * stamps of the patient's records (their months), then the first page. The floor its API figure
 * stands beside; the patient's laboratory is checked by the page's own condition.
 */
export async function patientHistoryByHand(
  client: pg.ClientBase,
  laboratoryId: string,
  patientId: string,
): Promise<void> {
  const months = await monthsOfPatient(client, patientId);
  await client.query(HISTORY_PAGE, [patientId, laboratoryId, months]);
}

/** The history page as PostgreSQL plans it for the patient: by indexes, the patient's months only. */
export async function explainPatientHistory(
  client: pg.ClientBase,
  laboratoryId: string,
  patientId: string,
): Promise<string> {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${HISTORY_PAGE}`,
    [patientId, laboratoryId, await monthsOfPatient(client, patientId)],
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}
