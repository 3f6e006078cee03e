import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, duplicateDismissals } from '../src/db/schema/index.js';
import { apiClient } from './client.js';
import { aPatient, seedCatalogue, signInStaff } from './factories.js';
import {
  call,
  codeOf,
  DATABASES,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

interface Group {
  key: string;
  patients: Array<{ patient_id: string; patient_surname: string }>;
  declared_distinct: string[];
}

/**
 * Duplicate patient groups declared 'not duplicates' (spec.md §2 'Resolve duplicate patients', §3
 * 'Duplicate patient groups'): homonyms who are different people stop coming back in the
 * duplicates table, until a new patient joins them; the declaration is traced.
 */
describe.each(DATABASES)('duplicate groups declared not duplicates on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let secretary: Session;
  let analysisId: string;

  /** A patient and a first record, as the front desk registers them. */
  const register = async (fields: Record<string, string>) => {
    const answer = await call(ctx.app, secretary, 'addPatient', {
      body: {
        ...aPatient({ patient_surname: 'HOMONYME', patient_name: 'Marie', patient_dob: '1980-05-05' }),
        ...fields,
        record_selected_analyses: [{ combination: 1, analysis_ids: [analysisId] }],
      },
    });
    if (answer.statusCode !== 200) throw new Error(answer.body);
    return answer.json<{ patient_id: string }>().patient_id;
  };
  const groups = async () => {
    const answer = await call(ctx.app, admin, 'getDuplicates', {});
    expect(answer.statusCode).toBe(200);
    return answer.json<Group[]>();
  };
  const groupOf = async (patientId: string) =>
    (await groups()).find((group) => group.patients.some((patient) => patient.patient_id === patientId));
  const dismiss = (session: Session, patientIds: string[]) =>
    call(ctx.app, session, 'dismissDuplicates', { body: { patient_ids: patientIds } });

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    ({ admin, secretary } = await signInStaff(ctx.app));
    const catalogue = await seedCatalogue(ctx.app, admin);
    const api = apiClient(ctx.app, admin);
    const parameter = await api.reference('parameters').add({ parameter_name: 'Ferritine' });
    const analysis = await api.reference('analyses').add({
      analysis_name: 'Ferritine',
      analysis_sample_type: catalogue.serum,
      analysis_matrix: catalogue.blood,
      analysis_visible: true,
      analysis_parameters: [String(parameter.parameter_id)],
    });
    analysisId = String(analysis.analysis_id);
  });
  afterAll(() => stopTestApp(ctx));

  it('stops proposing a group declared not duplicates, and proposes it again when a homonym joins', async () => {
    const first = await register({});
    const second = await register({});
    const other = await register({ patient_surname: 'AUTRE', patient_name: 'Paul' });
    const proposed = await groupOf(first);
    expect(proposed?.patients.map((patient) => patient.patient_id).sort()).toEqual([first, second].sort());
    expect(proposed?.declared_distinct).toEqual([]);

    // Only those who may merge duplicates may declare them distinct.
    expect(codeOf(await dismiss(secretary, [first, second]))).toBe('insufficientAdminRights');
    // Patients who do not share the identity traits are no group; an unknown patient is refused.
    expect(codeOf(await dismiss(admin, [first, other]))).toBe('duplicateNotFound');
    expect(codeOf(await dismiss(admin, [first, '00000000-0000-4000-8000-000000000000']))).toBe(
      'patientNotFound',
    );
    expect((await dismiss(admin, [first, first])).statusCode).toBe(400);
    expect(await ctx.database.db.select().from(duplicateDismissals)).toEqual([]);

    const declared = await dismiss(admin, [second, first]);
    expect(declared.statusCode).toBe(200);
    const answer = declared.json<{ dismissal_id: string; patient_ids: string[] }>();
    expect(answer.patient_ids).toEqual([first, second].sort());
    expect(await groupOf(first)).toBeUndefined();

    // The declaration is traced as the administrator's, with its reason.
    const traces = await ctx.database.db
      .select()
      .from(auditTrail)
      .where(
        and(eq(auditTrail.table_name, 'duplicate_dismissals'), eq(auditTrail.row_id, answer.dismissal_id)),
      );
    expect(traces.map((trace) => [trace.modification_type, trace.log_comment])).toEqual([
      ['insert', 'duplicate patients declared not duplicates'],
    ]);
    expect(traces[0]?.modification_new_value).toContain(first);

    // A new homonym re-opens the group, whole, saying which two were declared distinct.
    const third = await register({});
    const reopened = await groupOf(third);
    expect(reopened?.patients.map((patient) => patient.patient_id).sort()).toEqual(
      [first, second, third].sort(),
    );
    expect(reopened?.declared_distinct.sort()).toEqual([first, second].sort());

    // Merged into the first, the third leaves the two declared distinct: no group again.
    const merged = await call(ctx.app, admin, 'resolveDuplicates', {
      body: { deletions: [{ patient_id: third, replacement_patient_id: first }] },
    });
    expect(merged.statusCode).toBe(200);
    expect(await groupOf(first)).toBeUndefined();
  });

  it("keeps another group's homonyms proposed", async () => {
    const one = await register({ patient_surname: 'JUMEAU', patient_name: 'Luc', patient_gender: 'M' });
    const two = await register({ patient_surname: 'JUMEAU', patient_name: 'Luc', patient_gender: 'M' });
    const group = await groupOf(one);
    expect(group?.patients.map((patient) => patient.patient_id).sort()).toEqual([one, two].sort());
    expect(group?.declared_distinct).toEqual([]);
  });
});
