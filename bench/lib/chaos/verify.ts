import { SAMPLE_STATUS } from '@sil/contract';
import pg from 'pg';
import type { Acknowledged } from './workload.js';

/** What the primary holds of the acknowledged writes, once the run is over. */
export interface Verified {
  acknowledged: number;
  found: number;
  /** Acknowledged writes the database does not show, by kind. */
  lost: Record<string, number>;
  /** Writes made twice: a second record for one registration, a second result row, a second validation. */
  duplicates: Record<string, number>;
  /** Registrations the client gave up on (no answer after its resends) that the database holds all the same. */
  unacknowledgedButMade: number;
}

const count = (rows: Array<{ n: string | number }>) => Number(rows[0]?.n ?? 0);

/**
 * Looks for each acknowledged write in the primary: the record (by its id, and one per registration
 * sent: each had a surname of its own), the glucose value entered, the record received, the sample
 * completed and validated (and validated once: one trace of its move to 'validated').
 */
export async function verify(primaryUrl: string, acknowledged: Acknowledged): Promise<Verified> {
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  try {
    const lost: Record<string, number> = {};
    const duplicates: Record<string, number> = {};
    const miss = (kind: string, missing: number) => {
      if (missing > 0) lost[kind] = (lost[kind] ?? 0) + missing;
    };
    const perSurname = await client.query<{ surname: string; n: string }>(
      `SELECT p.patient_surname AS surname, count(r.record_id) AS n
       FROM patients p LEFT JOIN records r ON r.record_patient = p.patient_id
       WHERE p.patient_surname = ANY($1) GROUP BY p.patient_surname`,
      [acknowledged.registrationsSent],
    );
    const records = new Map(perSurname.rows.map((row) => [row.surname, Number(row.n)]));
    const extra = [...records.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
    // Two patients of one surname would be a duplicate registration too (the patient is part of it).
    const patients = await client.query<{ n: string }>(
      `SELECT count(*) - count(DISTINCT patient_surname) AS n FROM patients WHERE patient_surname = ANY($1)`,
      [acknowledged.registrationsSent],
    );
    duplicates.registrations = extra + count(patients.rows);
    const acknowledgedSurnames = new Set(acknowledged.registrations.map((each) => each.surname));
    const madeAnyway = acknowledged.registrationsSent.filter(
      (surname) => !acknowledgedSurnames.has(surname) && (records.get(surname) ?? 0) > 0,
    ).length;
    const recordIds = acknowledged.registrations.map((each) => each.recordId);
    const foundRecords = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM records WHERE record_id = ANY($1::uuid[])',
      [recordIds],
    );
    miss('registrations', recordIds.length - count(foundRecords.rows));

    const results = await client.query<{ sample: string; value: string; n: string }>(
      `SELECT result_sample AS sample, max(result_value)::text AS value, count(*) AS n FROM results
       WHERE result_sample = ANY($1::uuid[]) GROUP BY result_sample`,
      [acknowledged.results.map((each) => each.sampleId)],
    );
    const stored = new Map(results.rows.map((row) => [row.sample, row]));
    miss(
      'results',
      acknowledged.results.filter(({ sampleId, value }) => {
        const row = stored.get(sampleId);
        return !row || Math.abs(Number(row.value) - value) > 1e-9;
      }).length,
    );
    duplicates.results = results.rows.reduce((sum, row) => sum + Math.max(0, Number(row.n) - 1), 0);

    const received = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM records WHERE record_id = ANY($1::uuid[]) AND record_received_at IS NOT NULL',
      [acknowledged.receptions],
    );
    miss('receptions', acknowledged.receptions.length - count(received.rows));
    const completed = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM samples WHERE sample_id = ANY($1::uuid[]) AND sample_status >= $2',
      [acknowledged.completions, SAMPLE_STATUS.removed],
    );
    miss('completions', acknowledged.completions.length - count(completed.rows));
    const validated = await client.query<{ n: string }>(
      'SELECT count(*) AS n FROM samples WHERE sample_id = ANY($1::uuid[]) AND sample_status >= $2',
      [acknowledged.validations, SAMPLE_STATUS.validated],
    );
    miss('validations', acknowledged.validations.length - count(validated.rows));
    const validationTraces = await client.query<{ n: string }>(
      `SELECT count(*) - count(DISTINCT row_id) AS n FROM audit_trail
       WHERE table_name = 'samples' AND modification_field = 'sample_status'
         AND modification_new_value = $2 AND row_id = ANY($1)`,
      [acknowledged.validations, String(SAMPLE_STATUS.validated)],
    );
    duplicates.validations = count(validationTraces.rows);

    const total =
      acknowledged.registrations.length +
      acknowledged.results.length +
      acknowledged.receptions.length +
      acknowledged.completions.length +
      acknowledged.validations.length;
    const lostTotal = Object.values(lost).reduce((sum, n) => sum + n, 0);
    return {
      acknowledged: total,
      found: total - lostTotal,
      lost,
      duplicates,
      unacknowledgedButMade: madeAnyway,
    };
  } finally {
    await client.end();
  }
}
