import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOf } from '../src/db/open.js';
import { parisDay } from '../src/modules/records/records/numbering.js';
import {
  call,
  DATABASES,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;
const CONCURRENT_REGISTRATIONS = 10;

/**
 * Record numbers are taken in a statement of their own before the registration's transaction
 * (decision 0031): concurrent registrations get distinct numbers of the day, and none waits on the
 * day's counter while another registration's transaction is still open.
 */
describe.each(DATABASES)('record numbering on %s', (kind) => {
  let ctx: TestContext;
  let secretary: Session;
  let analysisId: string;
  /** A second analysis on a tube of its own, and that tube: what the held registration waits on. */
  let heldAnalysisId: string;
  let heldTubeId: string;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    const admin = await login(ctx.app, 'admin@demo.lab');
    secretary = await login(ctx.app, 'secretariat@demo.lab');
    const id = async (name: string, body: Json, field: string) => {
      const response = await call(ctx.app, admin, name, { body });
      if (response.statusCode !== 200) throw new Error(response.body);
      return String(response.json<Json>()[field]);
    };
    const matrix = await id('addMatrix', { matrix_name: 'Sang' }, 'matrix_id');
    // An analysis offered for ordering measures a parameter.
    const parameter = await id(
      'addParameter',
      { parameter_name: 'Glucose', parameter_code: 'GLU' },
      'parameter_id',
    );
    const tube = await id('addSampletype', { sample_type_name: 'Tube sec' }, 'sample_type_id');
    analysisId = await id(
      'addAnalysis',
      {
        analysis_name: 'Glycémie',
        analysis_sample_type: tube,
        analysis_matrix: matrix,
        analysis_nabm_codes: [],
        analysis_parameters: [parameter],
      },
      'analysis_id',
    );
    heldTubeId = await id('addSampletype', { sample_type_name: 'Tube EDTA' }, 'sample_type_id');
    heldAnalysisId = await id(
      'addAnalysis',
      {
        analysis_name: 'NFS',
        analysis_sample_type: heldTubeId,
        analysis_matrix: matrix,
        analysis_nabm_codes: [],
        analysis_parameters: [parameter],
      },
      'analysis_id',
    );
  });
  afterAll(() => stopTestApp(ctx));

  /** A registration through the API: a new patient (or a known one) and a record of one analysis. */
  const register = (surname: string, patientId?: string, analyses = [analysisId]) =>
    call(ctx.app, secretary, 'addPatient', {
      body: {
        ...(patientId
          ? { patient_id: patientId }
          : {
              patient_surname: surname,
              patient_name: 'Anne',
              patient_gender: 'F',
              patient_dob: '1980-01-02',
            }),
        record_selected_analyses: [{ combination: 1, analysis_ids: analyses }],
      },
    });
  const numberOf = (response: Awaited<ReturnType<typeof register>>) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ record_number: string }>().record_number;
  };

  it('gives concurrent registrations distinct numbers of the day, one after the other', async () => {
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT_REGISTRATIONS }, (_, n) => register(`Concurrent${n}`)),
    );
    const numbers = responses.map(numberOf).sort();
    const day = parisDay();
    for (const number of numbers) expect(number).toMatch(new RegExp(`^${day}\\d{4}$`));
    expect(new Set(numbers).size).toBe(CONCURRENT_REGISTRATIONS);
    // Nothing failed, so nothing was skipped: the burst took consecutive numbers.
    const first = Number(numbers[0]);
    expect(numbers.map(Number)).toEqual(numbers.map((_, n) => first + n));
  });

  it('leaves a refused registration’s number unused: numbers are not gap-free', async () => {
    const before = Number(numberOf(await register('Before')));
    // An analysis that does not exist is refused inside the transaction, after the number was taken.
    const refused = await register('Refused', undefined, [randomUUID()]);
    expect(refused.statusCode, refused.body).toBe(404);
    const after = Number(numberOf(await register('After')));
    expect(after).toBe(before + 2);
  });

  it.runIf(kind === 'postgres')(
    'numbers a registration while another one’s transaction is held open',
    { timeout: 30_000 },
    async () => {
      const pool = poolOf(ctx.database.db);
      if (!pool) throw new Error('no pool of PostgreSQL connections');
      // Another session locks a tube type: a registration of an analysis on that tube waits inside its
      // transaction (its sample's foreign key), after it has taken its number and written its record
      // (and so counted it in its day, migration 0057).
      const holder = await pool.connect();
      try {
        const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]
          ?.pid;
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM sample_types WHERE sample_type_id = $1 FOR UPDATE', [heldTubeId]);
        const held = register('Held', undefined, [heldAnalysisId]);
        const waiting = await waitForBlockedInsert(pool, holderPid);
        // A second registration is numbered and committed while the first waits.
        const other = await Promise.race([
          register('Other'),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('the second registration waited for the first')), 10_000),
          ),
        ]);
        const otherNumber = numberOf(other);
        // What the first waits on is the locked tube type alone, never the day's counter or count.
        const { rows } = await pool.query<{ blockers: number[] }>('SELECT pg_blocking_pids($1) AS blockers', [
          waiting,
        ]);
        expect(rows[0]?.blockers).toEqual([holderPid]);
        await holder.query('ROLLBACK');
        const heldNumber = numberOf(await held);
        // The first took its number before it waited; the second the next one.
        expect(Number(otherNumber)).toBe(Number(heldNumber) + 1);
      } finally {
        await holder.query('ROLLBACK').catch(() => undefined);
        holder.release();
      }
    },
  );
});

/** The backend whose INSERT of a sample waits on a lock held by `holderPid`, once it does. */
async function waitForBlockedInsert(
  pool: NonNullable<ReturnType<typeof poolOf>>,
  holderPid: number | undefined,
): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { rows } = await pool.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE wait_event_type = 'Lock' AND $1 = ANY(pg_blocking_pids(pid)) AND query ILIKE 'insert into "samples"%'`,
      [holderPid],
    );
    if (rows[0]) return rows[0].pid;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the registration never waited on the locked tube type');
}
