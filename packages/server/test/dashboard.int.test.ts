import { randomUUID } from 'node:crypto';
import { type Dashboard, RECORD_STATUS, TASK_TYPES, type TaskType } from '@sil/contract';
import { type AnyColumn, and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyses,
  clinics,
  laboratories,
  patients,
  recordAnes,
  recordDayCounts,
  recordDeliveries,
  records,
  samples,
  users,
} from '../src/db/schema/index.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { todayInParis } from '../src/modules/records/index.js';
import { apiClient } from './client.js';
import { seedCatalogue } from './factories.js';
import {
  call,
  DATABASES,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

/** The Paris quarter (1–4) of an instant. */
const quarterOf = (at: Date) =>
  Math.floor(
    Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', month: 'numeric' }).format(at)) /
      3.01,
  ) + 1;

/**
 * The dashboard's counters (issue 17) against a scripted data set: every counter of every panel,
 * the tasks list each task counter opens, the rights that hide counters, and another laboratory's
 * records that never count.
 */
describe.each(DATABASES)('dashboard counters (%s)', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let secretary: Session;
  const now = new Date();
  const stamp = (at: Date) => at.toISOString();
  const today = todayInParis(now);
  const year = Number(today.slice(0, 4));
  // A day of this year's first quarter that is not today (noon UTC: the same day in Paris).
  const earlier = new Date(Date.UTC(year, 0, today === `${year}-01-15` ? 16 : 15, 12));
  const lastYear = new Date(Date.UTC(year - 1, 5, 1, 12));
  let seeded: { lab: string; patient: string; clinic: string; nfs: string };

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
    secretary = await login(ctx.app, 'secretariat@demo.lab');
    const catalogue = await seedCatalogue(ctx.app, admin);
    const [owner] = await ctx.database.db
      .select({ uid: users.admin_uid, lab: users.laboratory_id })
      .from(users)
      .where(eq(users.user_email, 'admin@demo.lab'));
    if (!owner) throw new Error('no administrator');
    const lab = owner.lab;
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, async (tx) => {
      const [alcohol] = await tx
        .insert(analyses)
        .values({ laboratory_id: lab, analysis_name: 'Alcoolémie', analysis_is_forensic: true })
        .returning();
      const [clinic] = await tx
        .insert(clinics)
        .values({ laboratory_id: lab, clinic_name: 'Clinique du Parc', clinic_code: 'CDP' })
        .returning();
      const [patient] = await tx
        .insert(patients)
        .values({
          laboratory_id: lab,
          patient_surname: 'Durand',
          patient_name: 'Claire',
          patient_gender: 'F',
          patient_dob: '1980-04-02',
        })
        .returning();
      if (!alcohol || !clinic || !patient) throw new Error('seed');
      seeded = { lab, patient: patient.patient_id, clinic: clinic.clinic_id, nfs: catalogue.nfs };
      let n = 0;
      const record = async (values: Partial<typeof records.$inferInsert>, ordered: string[]) => {
        n++;
        const [row] = await tx
          .insert(records)
          .values({
            laboratory_id: lab,
            record_number: `DASH${String(n).padStart(4, '0')}`,
            record_patient: patient.patient_id,
            record_password: 'secret',
            record_selected_analyses: [{ combination: 1, analysis_ids: ordered }],
            ...values,
          })
          .returning();
        if (!row) throw new Error('record');
        return row.record_id;
      };
      const sample = (recordId: string, values: Partial<typeof samples.$inferInsert>) =>
        tx.insert(samples).values({
          laboratory_id: lab,
          sample_number: `S${randomUUID().slice(0, 8)}`,
          sample_record: recordId,
          ...values,
        });
      const { nfs, glucose, ecbu } = catalogue;
      const alc = alcohol.analysis_id;
      // Today's records.
      await record({ record_status: RECORD_STATUS.preRegistered }, [nfs, glucose]); // R1
      const r2 = await record({ record_status: RECORD_STATUS.processing, record_is_urgent: true }, [
        nfs,
        alc,
      ]);
      await sample(r2, { sample_analyses: [nfs, alc], sample_status: 3, sample_removed_at: stamp(now) });
      await record(
        {
          record_status: RECORD_STATUS.pendingValidation,
          record_owner: clinic.clinic_id,
          record_is_urgent: true,
          record_unresolved_nca: true,
          record_sent_externally: true,
        },
        [glucose],
      ); // R3
      const r4 = await record(
        {
          record_status: RECORD_STATUS.pendingSubmission,
          record_validated_at: stamp(now),
          record_lbloc_flag: true,
          record_pending_fax: true,
          record_pending_phone: true,
          record_pending_post: true,
          record_pending_paper: true,
          record_pending_online: true,
          record_pending_insurance_report: true,
          record_pending_occupational_physician: true,
        },
        [ecbu],
      );
      await sample(r4, {
        sample_analyses: [ecbu],
        sample_status: 4,
        sample_removed_at: stamp(now),
        sample_validated_at: stamp(now),
      });
      await tx.insert(recordDeliveries).values({
        laboratory_id: lab,
        delivery_record: r4,
        delivery_channel: 'fax',
        delivery_state: 'failed',
      });
      await record({ record_status: RECORD_STATUS.sent, record_validated_at: stamp(now) }, [alc]); // R5
      await record({ record_status: RECORD_STATUS.processing, record_annulr_flag: true }, [nfs]); // R6
      // Earlier this year, and last year.
      const r7 = await record(
        {
          record_status: RECORD_STATUS.registered,
          record_owner: clinic.clinic_id,
          record_created: stamp(earlier),
        },
        [nfs],
      );
      await sample(r7, { sample_analyses: [nfs], sample_nct_active: true, sample_nct_code: 'nct1' });
      await tx.insert(recordAnes).values({
        laboratory_id: lab,
        ane_record: r7,
        ane_analysis: nfs,
        ane_code: 'ane1',
        ane_created_by: owner.uid,
      });
      const r8 = await record({ record_status: RECORD_STATUS.processing, record_created: stamp(lastYear) }, [
        nfs,
      ]);
      await sample(r8, { sample_analyses: [nfs], sample_lbloc_flag: true });
      await record(
        {
          record_status: RECORD_STATUS.preRegistered,
          record_delai_flag: true,
          record_created: stamp(earlier),
        },
        [nfs],
      ); // R9
      // Another laboratory's urgent record, validated today: it counts nowhere here.
      const [other] = await tx
        .insert(laboratories)
        .values({ laboratory_name: 'Autre laboratoire', laboratory_code: `AUTRE${n}` })
        .returning();
      if (!other) throw new Error('laboratory');
      const [stranger] = await tx
        .insert(patients)
        .values({
          laboratory_id: other.laboratory_id,
          patient_surname: 'Martin',
          patient_name: 'Paul',
          patient_gender: 'M',
          patient_dob: '1970-01-01',
        })
        .returning();
      if (!stranger) throw new Error('patient');
      await tx.insert(records).values({
        laboratory_id: other.laboratory_id,
        record_number: 'DASH0001',
        record_patient: stranger.patient_id,
        record_password: 'secret',
        record_status: RECORD_STATUS.pendingValidation,
        record_is_urgent: true,
        record_validated_at: stamp(now),
        record_pending_fax: true,
        record_delai_flag: true,
      });
    });
  }, 120_000);

  afterAll(() => stopTestApp(ctx));

  const dashboard = async (session: Session) => {
    const response = await call(ctx.app, session, 'getDashboard');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Dashboard>();
  };

  const EXPECTED_TASKS: Record<TaskType, number> = {
    ongoing: 5,
    sent_externally: 1,
    to_fax: 1,
    insurance_reports: 1,
    online_reports: 1,
    paper_reports: 1,
    to_phone: 1,
    physician_reports: 1,
    to_post: 1,
    to_validate: 1,
    urgent: 2,
    validated_today: 2,
    with_anes: 1,
    with_lbloc: 2,
    with_ncas: 1,
    with_ncts: 1,
  };

  it('counts every panel of the administrator from the data', async () => {
    const board = await dashboard(admin);
    expect(board.day).toBe(today);
    expect(board.today).toEqual({ in_progress: 3, parked: 1, sent: 1 });
    expect(board.analysis_types).toEqual({
      all: { being_analyzed: 4, pre_registered: 2, sent: 1 },
      CL: { being_analyzed: 2, pre_registered: 2, sent: 0 },
      TES: { being_analyzed: 1, pre_registered: 0, sent: 1 },
      CLB: { being_analyzed: 1, pre_registered: 0, sent: 0 },
    });
    expect(board.summary).toEqual({ patients_added: 1, samples_processed: 2, analyses_completed: 1 });
    expect(board.year).toBe(year);
    const quarters = [1, 2, 3, 4].map((quarter) => ({
      quarter,
      records_added: 0,
      external_records: 0,
      canceled_replaced: 0,
    }));
    const add = (at: Date, external: boolean, canceled: boolean) => {
      const q = quarters[quarterOf(at) - 1];
      if (!q) return;
      q.records_added++;
      if (external) q.external_records++;
      if (canceled) q.canceled_replaced++;
    };
    for (const [external, canceled] of [
      [false, false],
      [false, false],
      [true, false],
      [false, false],
      [false, false],
      [false, true],
    ] as const)
      add(now, external, canceled);
    add(earlier, true, false);
    add(earlier, false, false);
    expect(board.quarters).toEqual(quarters);
    expect(Object.fromEntries(board.tasks.map((task) => [task.task_type, task.count]))).toEqual(
      EXPECTED_TASKS,
    );
    expect(board.tasks.map((task) => task.task_type)).toEqual([...TASK_TYPES]);
    expect(board.notifications).toEqual([
      { kind: 'failed_deliveries', count: 1 },
      { kind: 'delayed_records', count: 1 },
      { kind: 'urgent_to_validate', count: 1 },
    ]);
  });

  it('opens on each task the list of exactly the records it counts', async () => {
    const api = apiClient(ctx.app, admin);
    const taskList = (task: string) => ({
      number_of_records: 50,
      page_number: 1,
      'filter_column[]': ['record_task'],
      'filter_value[]': [task],
    });
    for (const task of TASK_TYPES) {
      const { number_of_rows } = await api.getRecords(taskList(task));
      expect(number_of_rows, task).toBe(EXPECTED_TASKS[task]);
    }
    // The tasks list keeps its created-from/to range: today's records only.
    const ranged = await api.getRecords({
      ...taskList('ongoing'),
      filter_date_from: today,
      filter_date_to: today,
    });
    expect(ranged.number_of_rows).toBe(3);
    const unknown = await api.send('getRecords', { query: taskList('to_dance') });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ code: string }>().code).toBe('invalidOption');
  });

  it('leaves out the counters a user may not open', async () => {
    const board = await dashboard(secretary);
    expect(board.tasks.map((task) => task.task_type)).not.toContain('to_validate');
    expect(board.tasks).toHaveLength(TASK_TYPES.length - 1);
    expect(board.summary).toEqual({ patients_added: 1, samples_processed: null, analyses_completed: null });
    expect(board.notifications.map((notice) => notice.kind)).toEqual([
      'failed_deliveries',
      'delayed_records',
    ]);
    for (const email of ['clinique@demo.lab', 'prescripteur@demo.lab']) {
      const portal = await login(ctx.app, email);
      const response = await call(ctx.app, portal, 'getDashboard');
      expect(response.statusCode, email).toBe(403);
    }
  });

  describe('per-day counts (record_day_counts, migration 0036)', () => {
    type Day = { records_added: number; external_records: number; canceled_replaced: number };
    /** The table's counts of the laboratory, by Paris day: the sum of the day's slots (migration 0057). */
    const kept = async () => {
      const total = (column: AnyColumn) => sql<number>`sum(${column})`.mapWith(Number);
      const rows = await ctx.database.db
        .select({
          count_day: recordDayCounts.count_day,
          records_added: total(recordDayCounts.records_added),
          external_records: total(recordDayCounts.external_records),
          canceled_replaced: total(recordDayCounts.canceled_replaced),
        })
        .from(recordDayCounts)
        .where(eq(recordDayCounts.laboratory_id, seeded.lab))
        .groupBy(recordDayCounts.count_day);
      return Object.fromEntries(
        rows
          .filter(
            (row) => row.records_added !== 0 || row.external_records !== 0 || row.canceled_replaced !== 0,
          )
          .map(({ count_day, records_added, external_records, canceled_replaced }) => [
            count_day,
            { records_added, external_records, canceled_replaced },
          ]),
      ) as Record<string, Day>;
    };
    /** The same counts read from the records themselves, as the dashboard used to count them. */
    const recounted = async () => {
      const day = sql<string>`((${records.record_created} AT TIME ZONE 'Europe/Paris')::date)::text`;
      const rows = await ctx.database.db
        .select({
          day,
          records_added: sql<number>`count(*)`.mapWith(Number),
          external_records: sql<number>`count(*) FILTER (WHERE ${records.record_owner} IS NOT NULL)`.mapWith(
            Number,
          ),
          canceled_replaced: sql<number>`count(*) FILTER (WHERE ${records.record_annulr_flag})`.mapWith(
            Number,
          ),
        })
        .from(records)
        .where(eq(records.laboratory_id, seeded.lab))
        .groupBy(day);
      return Object.fromEntries(rows.map(({ day: d, ...counts }) => [d, counts])) as Record<string, Day>;
    };
    const expectKeptRight = async () => expect(await kept()).toEqual(await recounted());
    const todays = async () =>
      (await kept())[today] ?? { records_added: 0, external_records: 0, canceled_replaced: 0 };

    it('holds the seeded records on their Paris days, and each write moves its day', async () => {
      await expectKeptRight();
      const before = await todays();
      const frontDesk = apiClient(ctx.app, secretary);
      const created = await frontDesk.addPatient({
        patient_id: seeded.patient,
        record_selected_analyses: [{ combination: 1, analysis_ids: [seeded.nfs] }],
      });
      const recordId = created.record_id;
      expect(await todays()).toEqual({ ...before, records_added: before.records_added + 1 });

      const [current] = await apiClient(ctx.app, admin).getRecord({ record_id: recordId });
      const cancelled = await frontDesk.cancelRecord({
        record_id: recordId,
        record_last_updated: current?.record_last_updated ?? '',
        record_annulment_explanation: 'Erreur de patient',
      });
      // The cancelled record stays counted as added and now as cancelled; its replacement is added.
      expect(await todays()).toEqual({
        ...before,
        records_added: before.records_added + 2,
        canceled_replaced: before.canceled_replaced + 1,
      });

      const replacementId = String(cancelled.replacement?.record_id);
      await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
        tx.update(records).set({ record_owner: seeded.clinic }).where(eq(records.record_id, replacementId)),
      );
      expect(await todays()).toEqual({
        records_added: before.records_added + 2,
        external_records: before.external_records + 1,
        canceled_replaced: before.canceled_replaced + 1,
      });
      // A write that touches none of the counted columns leaves the day alone.
      await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
        tx.update(records).set({ record_is_urgent: true }).where(eq(records.record_id, replacementId)),
      );
      expect((await todays()).records_added).toBe(before.records_added + 2);
      await expectKeptRight();
      const board = await dashboard(admin);
      const quarter = board.quarters[quarterOf(now) - 1];
      const counted = await recounted();
      const inQuarter = Object.entries(counted).filter(
        ([day]) => day.startsWith(String(year)) && quarterOf(new Date(`${day}T12:00:00Z`)) === quarterOf(now),
      );
      expect(quarter?.records_added).toBe(inQuarter.reduce((sum, [, c]) => sum + c.records_added, 0));
      expect(quarter?.external_records).toBe(inQuarter.reduce((sum, [, c]) => sum + c.external_records, 0));
      expect(quarter?.canceled_replaced).toBe(inQuarter.reduce((sum, [, c]) => sum + c.canceled_replaced, 0));
    });

    it('puts records created at 23:30 and 00:30 Paris time on their own Paris days', async () => {
      const before = await kept();
      const boardBefore = await dashboard(admin);
      // New Year's Eve (UTC+1) and the night of 30 June (summer time, UTC+2), both in UTC on one day.
      const night = [
        { at: new Date(Date.UTC(year - 1, 11, 31, 22, 30)), day: `${year - 1}-12-31` },
        { at: new Date(Date.UTC(year - 1, 11, 31, 23, 30)), day: `${year}-01-01` },
        { at: new Date(Date.UTC(year, 5, 30, 21, 30)), day: `${year}-06-30` },
        { at: new Date(Date.UTC(year, 5, 30, 22, 30)), day: `${year}-07-01` },
      ];
      const ids = await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
        tx
          .insert(records)
          .values(
            night.map(({ at }, n) => ({
              laboratory_id: seeded.lab,
              record_number: `NIGHT${n}`,
              record_patient: seeded.patient,
              record_password: 'secret',
              record_created: at.toISOString(),
            })),
          )
          .returning({ id: records.record_id }),
      );
      const after = await kept();
      for (const { day } of night)
        expect(after[day]?.records_added, day).toBe((before[day]?.records_added ?? 0) + 1);
      await expectKeptRight();
      const board = await dashboard(admin);
      const added = (n: number, of: Dashboard) => of.quarters[n - 1]?.records_added ?? 0;
      // Last year's 31 December is not this year's; 1 January is in Q1, 30 June in Q2, 1 July in Q3.
      expect(added(1, board)).toBe(added(1, boardBefore) + 1);
      expect(added(2, board)).toBe(added(2, boardBefore) + 1);
      expect(added(3, board)).toBe(added(3, boardBefore) + 1);
      expect(added(4, board)).toBe(added(4, boardBefore));

      // A deleted record leaves its day.
      await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
        tx
          .delete(records)
          .where(and(eq(records.record_id, ids[0]?.id ?? ''), eq(records.laboratory_id, seeded.lab))),
      );
      expect((await kept())[`${year - 1}-12-31`]?.records_added ?? 0).toBe(
        before[`${year - 1}-12-31`]?.records_added ?? 0,
      );
      await expectKeptRight();
    });
  });
});
