import { randomUUID } from 'node:crypto';
import { rangeViolation, rejects, seriesViolations, type WestgardRule, zScore } from '@sil/contract';
import type pg from 'pg';

/** Routine analysers controlled (forensic ones aside) and, on each, the parameters controlled. */
const MACHINES = 4;
const PARAMETERS_PER_MACHINE = 4;
/** Two control levels, as most reagent makers ship them: a normal one and a pathological one. */
const LEVELS = ['N1', 'N2'] as const;
/** A control lot lasts a year: each parameter × level has a setting per lot, only the current one active. */
const LOT_DAYS = 365;
/** Runs a day of each machine: morning and afternoon, one on Sundays. */
const RUN_HOURS = [7.5, 13.5];
/** Westgard's 10x looks furthest back: the nine values before the new one (run-values.ts). */
const SERIES_LOOKBACK = 9;
/** A database holding this many control values of the laboratory was loaded before: not loaded again. */
const LOADED_VALUES = 10_000;
const BATCH = 20_000;

export interface CiqProbes {
  /** The active setting with the most values: the chart a biologist opens, of a busy analyser. */
  chartSettingId: string;
  settings: number;
  runs: number;
  values: number;
}

export interface Controlled {
  analysis_id: string;
  machine_id: string;
  parameter_id: string;
  code: string | null;
  min: number | null;
  max: number | null;
  threshold: number | null;
}

export interface Setting {
  id: string;
  analysisId: string;
  parameterId: string;
  machineId: string;
  level: string;
  lot: string;
  mean: number;
  sd: number;
  active: boolean;
  /** First and last day (index from the first day of the history) the lot is in use. */
  fromDay: number;
  toDay: number;
}

export interface Run {
  id: string;
  machineId: string;
  settings: Setting[];
  createdAt: Date;
  status: 'passed' | 'rejected' | 'accepted';
  lastUpdated: Date;
  acceptedAt: Date | null;
}

export interface Value {
  runId: string;
  setting: Setting;
  value: number;
  z: number;
  rules: WestgardRule[];
  createdAt: Date;
}

/** A small seeded generator (mulberry32): the same control values on every load. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  // Box-Muller: a control value scatters normally around its lot's target.
  const normal = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, normal };
}

const significant = (value: number) => Number(value.toPrecision(3));

/**
 * The parameters controlled: on the routine analysers that measure the most parameters, their
 * measured parameters (not those calculated from others), each once, in analysis then rank order.
 */
async function controlledParameters(client: pg.ClientBase, laboratoryId: string): Promise<Controlled[]> {
  const { rows } = await client.query<Controlled>(
    `WITH measured AS (
       SELECT DISTINCT ON (p.parameter_id)
              a.analysis_id, a.analysis_name, a.analysis_machines[1] AS machine_id, p.parameter_id,
              p.parameter_rank, p.parameter_code AS code, p.parameter_positivity_threshold::float8 AS threshold,
              coalesce((SELECT r FROM jsonb_array_elements(p.parameter_ranges) r
                         WHERE r->>'population' = 'default' AND r->>'min' IS NOT NULL AND r->>'max' IS NOT NULL),
                       (SELECT r FROM jsonb_array_elements(p.parameter_ranges) r
                         WHERE r->>'min' IS NOT NULL AND r->>'max' IS NOT NULL LIMIT 1)) AS range
         FROM analyses a
         CROSS JOIN LATERAL unnest(a.analysis_parameters) AS ap(parameter_id)
         JOIN parameters p ON p.parameter_id = ap.parameter_id
        WHERE a.laboratory_id = $1 AND NOT a.analysis_is_forensic AND cardinality(a.analysis_machines) > 0
          AND NOT p.parameter_is_forensic
          AND coalesce(p.parameter_formula, '') || coalesce(p.parameter_formula_male, '')
              || coalesce(p.parameter_formula_female, '') NOT LIKE '%$%'
        ORDER BY p.parameter_id, a.analysis_name
     ), ranked AS (
       SELECT measured.*,
              row_number() OVER (PARTITION BY machine_id ORDER BY analysis_name, parameter_rank, parameter_id)
                AS parameter_order,
              count(*) OVER (PARTITION BY machine_id) AS machine_parameters
         FROM measured
     ), machines AS (
       SELECT machine_id, row_number() OVER (ORDER BY max(machine_parameters) DESC, machine_id) AS machine_order
         FROM ranked GROUP BY machine_id
     )
     SELECT r.analysis_id, r.machine_id, r.parameter_id, r.code, r.threshold,
            (r.range->>'min')::float8 AS min, (r.range->>'max')::float8 AS max
       FROM ranked r JOIN machines m USING (machine_id)
      WHERE m.machine_order <= $2 AND r.parameter_order <= $3
      ORDER BY m.machine_order, r.parameter_order`,
    [laboratoryId, MACHINES, PARAMETERS_PER_MACHINE],
  );
  return rows;
}

/** The target of a level: mid-range for the normal control, well above it for the pathological one. */
function targetOf(parameter: Controlled, level: (typeof LEVELS)[number]): number {
  if (parameter.min !== null && parameter.max !== null && parameter.max > 0)
    return level === 'N1' ? (parameter.min + parameter.max) / 2 : parameter.max * 1.8;
  if (parameter.threshold !== null && parameter.threshold > 0)
    return level === 'N1' ? parameter.threshold * 0.3 : parameter.threshold * 3;
  return level === 'N1' ? 10 : 50;
}

/**
 * Settings of every parameter × level × lot: lots counted back from the last day, a year each, so
 * the current lot has been in use for a year at most; each lot's target a little off the last.
 */
function settingsOf(
  parameters: Controlled[],
  days: number,
  random: ReturnType<typeof seeded>,
  lastDay: Date,
) {
  const lots = Math.ceil(days / LOT_DAYS);
  const settings: Setting[] = [];
  for (const parameter of parameters)
    for (const level of LEVELS) {
      const target = targetOf(parameter, level);
      for (let lot = lots - 1; lot >= 0; lot--) {
        const toDay = days - 1 - lot * LOT_DAYS;
        const fromDay = Math.max(0, toDay - LOT_DAYS + 1);
        // Delivered a year before the next lot, the first one too (in use before the history starts).
        const started = new Date(lastDay.getTime() - (lot + 1) * LOT_DAYS * 86_400_000 + 86_400_000);
        const mean = significant(target * (1 + (random.uniform() - 0.5) * 0.06));
        settings.push({
          id: randomUUID(),
          analysisId: parameter.analysis_id,
          parameterId: parameter.parameter_id,
          machineId: parameter.machine_id,
          level,
          // Lot numbers as makers print them: the year and month of delivery, then the level.
          lot: `${parameter.code ?? 'CQ'}-${started.toISOString().slice(2, 7).replace('-', '')}-${level}`,
          mean,
          sd: significant(mean * (level === 'N1' ? 0.025 : 0.03)),
          active: lot === 0,
          fromDay,
          toDay,
        });
      }
    }
  return settings;
}

/** Paris wall-clock hours of a day, as an instant (the day given as its UTC midnight). */
function parisTime(day: Date, hours: number): Date {
  const utc = new Date(day.getTime() + hours * 3_600_000);
  const paris = new Date(utc.toLocaleString('en-US', { timeZone: 'Europe/Paris' }));
  const asUtc = new Date(utc.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(utc.getTime() - (paris.getTime() - asUtc.getTime()));
}

/**
 * Every run of every machine over the days, with its values read as the server reads them
 * (run-values.ts): each value against its lot's target and the nine before it in its setting's
 * series, R-4s across the levels of a parameter in the run, the run rejected when a rule rejects.
 * A biologist accepts half of the rejected runs, with the reason; a machine's latest run is never
 * left rejected, so the scale laboratory's samples may still be validated.
 */
function runsOf(settings: Setting[], days: number, firstDay: Date, random: ReturnType<typeof seeded>) {
  const machines = [...new Set(settings.map((setting) => setting.machineId))];
  const series = new Map<string, number[]>();
  const runs: Run[] = [];
  const values: Value[] = [];
  for (let day = 0; day < days; day++) {
    const date = new Date(firstDay.getTime() + day * 86_400_000);
    const hours = date.getUTCDay() === 0 ? RUN_HOURS.slice(0, 1) : RUN_HOURS;
    for (const hour of hours)
      for (const machineId of machines) {
        const used = settings.filter(
          (setting) => setting.machineId === machineId && setting.fromDay <= day && day <= setting.toDay,
        );
        const createdAt = parisTime(date, hour + random.uniform() * 0.5);
        const run: Run = {
          id: randomUUID(),
          machineId,
          settings: used,
          createdAt,
          status: 'passed',
          lastUpdated: createdAt,
          acceptedAt: null,
        };
        const runValues = used.map((setting, index): Value => {
          // A slight bias, as any analyser has: the 10x and 4-1s rules then fire now and then.
          const value = significant(setting.mean + setting.sd * (0.1 + random.normal()));
          const z = zScore(value, setting);
          const zs = series.get(setting.id) ?? [];
          const rules = seriesViolations([...zs.slice(-SERIES_LOOKBACK), z]);
          series.set(setting.id, [...zs.slice(-SERIES_LOOKBACK), z]);
          return {
            runId: run.id,
            setting,
            value,
            z,
            rules,
            createdAt: new Date(createdAt.getTime() + (10 + index) * 60_000),
          };
        });
        for (const parameterId of new Set(used.map((setting) => setting.parameterId))) {
          const group = runValues.filter((value) => value.setting.parameterId === parameterId);
          if (rangeViolation(group.map((value) => value.z)))
            for (const value of group) if (Math.abs(value.z) > 2) value.rules.push('R-4s');
        }
        run.lastUpdated = runValues.at(-1)?.createdAt ?? createdAt;
        if (rejects(runValues.flatMap((value) => value.rules))) {
          run.status = random.uniform() < 0.5 ? 'accepted' : 'rejected';
          if (run.status === 'accepted') {
            run.acceptedAt = new Date(run.lastUpdated.getTime() + (1 + random.uniform() * 2) * 3_600_000);
            run.lastUpdated = run.acceptedAt;
          }
        }
        runs.push(run);
        values.push(...runValues);
      }
  }
  for (const machineId of machines) {
    const latest = runs.findLast((run) => run.machineId === machineId);
    if (latest?.status === 'rejected') {
      latest.status = 'accepted';
      latest.acceptedAt = new Date(latest.lastUpdated.getTime() + 3_600_000);
      latest.lastUpdated = latest.acceptedAt;
    }
  }
  // Written in the order they were made: the sequences then say which run of a machine is its latest.
  runs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return { runs, values };
}

/**
 * The control of these parameters over `days` days from `firstDay` (a UTC midnight standing for a
 * day in Paris): the same settings, runs and values for the same inputs, but for their ids.
 */
export function generateCiq(parameters: Controlled[], firstDay: Date, days: number) {
  const random = seeded(2026);
  const lastDay = new Date(firstDay.getTime() + (days - 1) * 86_400_000);
  const settings = settingsOf(parameters, days, random, lastDay);
  return { settings, ...runsOf(settings, days, firstDay, random) };
}

const ACCEPT_REASON = 'Contrôle repassé conforme, dérive expliquée (étalonnage refait)';

/** Rows in the order given, each in batches of arrays: the identity sequences follow that order. */
async function insertRuns(client: pg.ClientBase, laboratoryId: string, adminUid: string | null, runs: Run[]) {
  for (let start = 0; start < runs.length; start += BATCH) {
    const batch = runs.slice(start, start + BATCH);
    await client.query(
      `INSERT INTO ciq_runs (ciq_run_id, laboratory_id, ciq_run_machine, ciq_run_settings, ciq_run_status,
                             ciq_run_created_by, ciq_run_created_at, ciq_run_accepted_by, ciq_run_accepted_at,
                             ciq_run_accept_reason, ciq_run_last_updated)
       SELECT id, $1, machine, string_to_array(settings, ',')::uuid[], status, $2, created,
              CASE WHEN status = 'accepted' THEN $2::uuid END, accepted,
              CASE WHEN status = 'accepted' THEN $3 END, updated
         FROM unnest($4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::timestamptz[], $9::timestamptz[],
                     $10::timestamptz[]) WITH ORDINALITY
              AS t(id, machine, settings, status, created, accepted, updated, n)
        ORDER BY n`,
      [
        laboratoryId,
        adminUid,
        ACCEPT_REASON,
        batch.map((run) => run.id),
        batch.map((run) => run.machineId),
        batch.map((run) => run.settings.map((setting) => setting.id).join(',')),
        batch.map((run) => run.status),
        batch.map((run) => run.createdAt.toISOString()),
        batch.map((run) => run.acceptedAt?.toISOString() ?? null),
        batch.map((run) => run.lastUpdated.toISOString()),
      ],
    );
  }
}

async function insertValues(client: pg.ClientBase, laboratoryId: string, values: Value[]) {
  for (let start = 0; start < values.length; start += BATCH) {
    const batch = values.slice(start, start + BATCH);
    await client.query(
      `INSERT INTO ciq_values (laboratory_id, ciq_run, ciq_setting, ciq_value, ciq_z, ciq_rules,
                               ciq_value_created_at, ciq_value_last_updated)
       SELECT $1, run, setting, value, z, CASE WHEN rules = '' THEN '{}' ELSE string_to_array(rules, ',') END,
              created, created
         FROM unnest($2::uuid[], $3::uuid[], $4::float8[], $5::float8[], $6::text[], $7::timestamptz[])
              WITH ORDINALITY AS t(run, setting, value, z, rules, created, n)
        ORDER BY n`,
      [
        laboratoryId,
        batch.map((value) => value.runId),
        batch.map((value) => value.setting.id),
        batch.map((value) => value.value),
        batch.map((value) => value.z),
        batch.map((value) => value.rules.join(',')),
        batch.map((value) => value.createdAt.toISOString()),
      ],
    );
  }
}

async function insertSettings(client: pg.ClientBase, laboratoryId: string, settings: Setting[]) {
  await client.query(
    `INSERT INTO ciq_settings (ciq_setting_id, laboratory_id, ciq_analysis, ciq_parameter, ciq_level, ciq_lot,
                               ciq_mean, ciq_sd, ciq_active)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[],
                          $7::float8[], $8::float8[], $9::boolean[])`,
    [
      settings.map((setting) => setting.id),
      settings.map(() => laboratoryId),
      settings.map((setting) => setting.analysisId),
      settings.map((setting) => setting.parameterId),
      settings.map((setting) => setting.level),
      settings.map((setting) => setting.lot),
      settings.map((setting) => setting.mean),
      settings.map((setting) => setting.sd),
      settings.map((setting) => setting.active),
    ],
  );
  // The analyses controlled have CIQ enabled: a new run of their machine carries their active targets.
  await client.query(`UPDATE analyses SET analysis_ciq_enabled = true WHERE analysis_id = ANY($1::uuid[])`, [
    [...new Set(settings.map((setting) => setting.analysisId))],
  ]);
}

async function countsOf(client: pg.ClientBase, laboratoryId: string) {
  const { rows } = await client.query<{ settings: string; runs: string; values: string }>(
    `SELECT (SELECT count(*) FROM ciq_settings WHERE laboratory_id = $1) AS settings,
            (SELECT count(*) FROM ciq_runs WHERE laboratory_id = $1) AS runs,
            (SELECT count(*) FROM ciq_values WHERE laboratory_id = $1) AS values`,
    [laboratoryId],
  );
  return {
    settings: Number(rows[0]?.settings ?? 0),
    runs: Number(rows[0]?.runs ?? 0),
    values: Number(rows[0]?.values ?? 0),
  };
}

/** The chart the case opens: the active setting with the most values, of the machine that runs most. */
async function busySetting(client: pg.ClientBase, laboratoryId: string): Promise<string> {
  const { rows } = await client.query<{ ciq_setting: string }>(
    `SELECT v.ciq_setting FROM ciq_values v JOIN ciq_settings s ON s.ciq_setting_id = v.ciq_setting
      WHERE s.laboratory_id = $1 AND s.ciq_active
      GROUP BY v.ciq_setting ORDER BY count(*) DESC, v.ciq_setting LIMIT 1`,
    [laboratoryId],
  );
  const id = rows[0]?.ciq_setting;
  if (!id) throw new Error('the CIQ load left no active setting with values');
  return id;
}

/**
 * Loads the internal quality control of the laboratory loaded by `loadScaleData`: settings of a
 * few analysers' parameters per level and yearly lot, two runs a day of each machine over the
 * records' days, each with its values (about 100,000 over five years), in one transaction with
 * triggers off (no audit trace per generated row), as the other loads; or, on a database loaded
 * before, only finds the chart's setting again.
 */
export async function loadScaleCiq(
  client: pg.ClientBase,
  laboratoryId: string,
): Promise<CiqProbes & { load_ms: number }> {
  const started = performance.now();
  if ((await countsOf(client, laboratoryId)).values < LOADED_VALUES) {
    const { rows: span } = await client.query<{ first_day: string; days: number }>(
      `SELECT min(day)::text AS first_day, (max(day) - min(day) + 1)::int AS days
         FROM (SELECT (record_created AT TIME ZONE 'Europe/Paris')::date AS day
                 FROM records WHERE laboratory_id = $1) AS created`,
      [laboratoryId],
    );
    const { rows: admin } = await client.query<{ admin_uid: string }>(
      `SELECT admin_uid FROM users WHERE user_email = 'admin@demo.lab'`,
    );
    const days = span[0]?.days ?? 0;
    if (!span[0]?.first_day || days <= 0)
      throw new Error('the scale database holds no record to date the CIQ');
    const firstDay = new Date(`${span[0].first_day}T00:00:00Z`);
    const parameters = await controlledParameters(client, laboratoryId);
    if (parameters.length === 0) throw new Error('the demo laboratory has no analyser parameter to control');
    const { settings, runs, values } = generateCiq(parameters, firstDay, days);
    await client.query('BEGIN');
    try {
      await client.query(`SET LOCAL session_replication_role = replica`);
      await insertSettings(client, laboratoryId, settings);
      await insertRuns(client, laboratoryId, admin[0]?.admin_uid ?? null, runs);
      await insertValues(client, laboratoryId, values);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
    await client.query('VACUUM ANALYZE ciq_settings, ciq_runs, ciq_values, analyses');
  }
  return {
    chartSettingId: await busySetting(client, laboratoryId),
    ...(await countsOf(client, laboratoryId)),
    load_ms: Math.round(performance.now() - started),
  };
}

/** The chart's series, the last 200 values of the setting with their run's status (`seriesOf`). */
const SERIES = `
     SELECT v.*, r.ciq_run_status FROM ciq_values v JOIN ciq_runs r ON r.ciq_run_id = v.ciq_run
      WHERE v.ciq_setting = $1 ORDER BY v.ciq_value_seq DESC LIMIT 200`;

/** The chart's statements written by hand: the setting with its names, then its last 200 values. */
export async function ciqChartByHand(client: pg.ClientBase, laboratoryId: string, settingId: string) {
  await client.query(
    `SELECT s.*, a.analysis_name, p.parameter_name FROM ciq_settings s
       JOIN analyses a ON a.analysis_id = s.ciq_analysis JOIN parameters p ON p.parameter_id = s.ciq_parameter
      WHERE s.laboratory_id = $1 AND s.ciq_setting_id = $2`,
    [laboratoryId, settingId],
  );
  await client.query(SERIES, [settingId]);
}

/** The series as PostgreSQL plans it: backwards along the setting's index, never all the values. */
export async function explainCiqChart(client: pg.ClientBase, settingId: string): Promise<string> {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${SERIES}`,
    [settingId],
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}
