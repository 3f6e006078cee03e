import type pg from 'pg';
import { FIRST_NAMES, SURNAMES, weightedSlots } from './names.js';

export interface ScaleSize {
  patients: number;
  records: number;
  /** Records registered per day, counted back from yesterday: 4,000 is a mid-size group's day. */
  recordsPerDay: number;
}

export const FULL_SIZE: ScaleSize = { patients: 300_000, records: 1_000_000, recordsPerDay: 4_000 };

const TABLES = ['patients', 'records', 'samples'] as const;

/** Secondary indexes of the loaded tables (not those behind a constraint), to rebuild after the load. */
async function secondaryIndexes(client: pg.ClientBase): Promise<Array<{ name: string; definition: string }>> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = ANY($1)
        AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
    [TABLES],
  );
  return rows;
}

async function nameTables(client: pg.ClientBase): Promise<void> {
  const surnames = weightedSlots(SURNAMES, ([, weight]) => weight).map(([name]) => name);
  const firstNames = weightedSlots(FIRST_NAMES, ([, , weight]) => weight);
  await client.query(
    `CREATE TEMP TABLE scale_surnames ON COMMIT DROP AS
       SELECT (ordinality - 1)::int AS slot, name FROM unnest($1::text[]) WITH ORDINALITY AS t(name)`,
    [surnames],
  );
  await client.query(
    `CREATE TEMP TABLE scale_first_names ON COMMIT DROP AS
       SELECT (ordinality - 1)::int AS slot, name, gender
         FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(name, gender)`,
    [firstNames.map(([name]) => name), firstNames.map(([, gender]) => gender)],
  );
}

/**
 * Patients born 1930–2024, seven in ten with a NIR whose key is right (97 minus the 13 digits
 * modulo 97), some with a birth name, identity statuses in the proportions of a laboratory that
 * qualifies part of its identities through INSi.
 */
const PATIENTS_SQL = `
WITH draws AS (
  SELECT i,
         floor(random() * (SELECT count(*) FROM scale_surnames))::int AS surname_slot,
         floor(random() * (SELECT count(*) FROM scale_surnames))::int AS birth_slot,
         floor(random() * (SELECT count(*) FROM scale_first_names))::int AS first_slot,
         date '1930-01-01' + floor(random() * 34700)::int AS dob,
         random() AS r_nir, random() AS r_birth, random() AS r_status,
         lpad((1 + floor(random() * 95))::int::text, 2, '0') || lpad(floor(random() * 1000)::int::text, 3, '0')
           || lpad(floor(random() * 1000)::int::text, 3, '0') AS place_and_order,
         now() - random() * interval '5 years' AS created
    FROM generate_series(1, $2::int) AS i
), people AS (
  SELECT d.*, s.name AS surname, b.name AS birth_name, f.name AS first_name, f.gender,
         CASE f.gender WHEN 'M' THEN '1' ELSE '2' END || to_char(d.dob, 'YYMM') || d.place_and_order AS nir13
    FROM draws d
    JOIN scale_surnames s ON s.slot = d.surname_slot
    JOIN scale_surnames b ON b.slot = d.birth_slot
    JOIN scale_first_names f ON f.slot = d.first_slot
)
INSERT INTO patients (laboratory_id, patient_surname, patient_name, patient_birth_name, patient_gender,
                      patient_dob, patient_nir, patient_identity_status, patient_created, patient_last_updated)
SELECT $1, surname, first_name,
       CASE WHEN gender = 'F' AND r_birth < 0.4 THEN birth_name END,
       gender, dob,
       CASE WHEN r_nir < 0.7 THEN nir13 || lpad((97 - nir13::bigint % 97)::text, 2, '0') END,
       CASE WHEN r_status < 0.55 THEN 'provisional' WHEN r_status < 0.65 THEN 'retrieved'
            WHEN r_status < 0.95 THEN 'validated' ELSE 'qualified' END,
       created, created
  FROM people`;

/**
 * Records numbered as the server numbers them (YYMMDD and the day's counter), a fixed number a day
 * back from yesterday; old ones mostly validated, the last days' spread over every status.
 */
const PATIENT_NUMBERS_SQL = `
CREATE TEMP TABLE scale_patients ON COMMIT DROP AS
  SELECT row_number() OVER ()::int AS n, patient_id FROM patients WHERE laboratory_id = $1`;
const RECORDS_SQL = `
WITH draws AS (
  SELECT i,
         current_date - ($2::int - 1) / $3::int - 1 + (i - 1) / $3::int AS day,
         (i - 1) % $3::int + 1 AS counter,
         1 + floor(random() * (SELECT count(*) FROM scale_patients))::int AS patient_n,
         random() AS r_status, random() AS r_flag, random() AS r_validated
    FROM generate_series(1, $2::int) AS i
), shaped AS (
  SELECT d.*, p.patient_id,
         (d.day + interval '6 hours' + d.counter * interval '12 seconds') AT TIME ZONE 'Europe/Paris' AS created,
         CASE WHEN d.day < current_date - 10 AND d.r_status < 0.92 THEN 5
              ELSE floor(d.r_status * 6)::int END AS status
    FROM draws d JOIN scale_patients p ON p.n = d.patient_n
)
INSERT INTO records (laboratory_id, record_number, record_patient, record_status, record_password,
                     record_is_urgent, record_annulr_flag, record_collection_datetime, record_received_at,
                     record_validated_at, record_created, record_last_updated)
SELECT $1, to_char(day, 'YYMMDD') || lpad(counter::text, 4, '0'), patient_id, status, 'Scale2026',
       r_flag < 0.05, r_flag > 0.99, created, created + interval '2 hours',
       CASE WHEN status = 5 THEN created + r_validated * interval '36 hours' END,
       created,
       CASE WHEN status = 5 THEN created + r_validated * interval '36 hours' ELSE created + interval '2 hours' END
  FROM shaped`;

/** One tube per record, numbered as the server does, its status following the record's. */
const SAMPLES_SQL = `
INSERT INTO samples (laboratory_id, sample_number, sample_record, sample_status, sample_collection_datetime,
                     sample_nct_active, sample_nct_code, sample_last_updated)
SELECT laboratory_id, record_number || '-01', record_id, LEAST(record_status, 5), record_collection_datetime,
       r_nct < 0.01, CASE WHEN r_nct < 0.01 THEN 'HEM' END, record_last_updated
  FROM (SELECT records.*, random() AS r_nct FROM records
         WHERE laboratory_id = $1 AND record_password = 'Scale2026') AS generated`;

/** The laboratory's per-day counts (record_day_counts) recounted from its records, as its trigger keeps them. */
const DAY_COUNTS_SQL = `
INSERT INTO record_day_counts (laboratory_id, count_day, records_added, external_records, canceled_replaced)
SELECT laboratory_id, (record_created AT TIME ZONE 'Europe/Paris')::date, count(*),
       count(*) FILTER (WHERE record_owner IS NOT NULL), count(*) FILTER (WHERE record_annulr_flag)
  FROM records WHERE laboratory_id = $1 GROUP BY 1, 2`;

export interface LoadTimings {
  patients_ms: number;
  records_ms: number;
  samples_ms: number;
  indexes_ms: number;
  day_counts_ms: number;
  vacuum_ms: number;
}

/**
 * Fills the laboratory in one transaction. Triggers (the audit trail, the foreign keys) are off for
 * this transaction only: the data is generated consistent, and a trace per generated row would only
 * measure the generator. Secondary indexes are dropped and rebuilt, as any bulk load does.
 */
export async function loadScaleData(
  client: pg.ClientBase,
  laboratoryId: string,
  size: ScaleSize,
): Promise<LoadTimings> {
  const timed = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return Math.round(performance.now() - started);
  };
  const timings: Partial<LoadTimings> = {};
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL session_replication_role = replica`);
    await client.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    await client.query(`SET LOCAL synchronous_commit = off`);
    await client.query(`SELECT setseed(0.2026)`);
    const indexes = await secondaryIndexes(client);
    for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
    await nameTables(client);
    timings.patients_ms = await timed(() => client.query(PATIENTS_SQL, [laboratoryId, size.patients]));
    timings.records_ms = await timed(async () => {
      await client.query(PATIENT_NUMBERS_SQL, [laboratoryId]);
      await client.query(RECORDS_SQL, [laboratoryId, size.records, size.recordsPerDay]);
    });
    timings.samples_ms = await timed(() => client.query(SAMPLES_SQL, [laboratoryId]));
    timings.indexes_ms = await timed(async () => {
      for (const index of indexes) await client.query(index.definition);
    });
    // The per-day counts are kept by a trigger on records (migration 0036), off during the load.
    timings.day_counts_ms = await timed(async () => {
      await client.query(`DELETE FROM record_day_counts WHERE laboratory_id = $1`, [laboratoryId]);
      await client.query(DAY_COUNTS_SQL, [laboratoryId]);
    });
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  timings.vacuum_ms = await timed(() => client.query(`VACUUM ANALYZE ${TABLES.join(', ')}`));
  return timings as LoadTimings;
}
