import { RECORD_STATUS } from '@sil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './client.js';
import { addGlucosePanel, type PendingRecord, pendingRecord, signInStaff } from './factories.js';
import {
  call,
  codeOf,
  DATABASES,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;

const allChecks = {
  rule_in_range: true,
  rule_delta: true,
  rule_no_marks: true,
  rule_no_comment: true,
  rule_patient_not_flagged: true,
};

/**
 * Rule-assisted validation (issue 40): the biologist's rules per analysis, the queue that says
 * which records pass and why the others do not, and the one action that validates the passing
 * records through validate-record, traced as the biologist's with the rules applied.
 */
describe.each(DATABASES)('rule-assisted validation on %s', (kind) => {
  let ctx: TestContext;
  let staff: Awaited<ReturnType<typeof signInStaff>>;
  let biologist: Session;
  let ids: Awaited<ReturnType<typeof addGlucosePanel>>;

  const put = (name: string, body: Json, session = biologist) => call(ctx.app, session, name, { body });
  const queue = async () =>
    (await call(ctx.app, biologist, 'getRuleValidationQueue', {})).json<
      Array<{ record_id: string; passes: boolean; reasons: Json[] }>
    >();
  /** A record waiting for validation, its count's result entered too: nothing missing to a rule. */
  const record = async (glucose: number, surname = 'Regle') => {
    const pending = await pendingRecord(ctx.app, staff, ids, { patient_surname: surname }, glucose);
    await apiClient(ctx.app, staff.technician).updateSampleResults({
      sample_id: pending.count,
      results: [{ parameter_id: ids.countParameter, result_value: 6.5 }],
    });
    return pending;
  };
  const status = async (pending: PendingRecord) =>
    (await apiClient(ctx.app, biologist).previewRecord({ record_id: pending.recordId })).record.record_status;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    staff = await signInStaff(ctx.app);
    biologist = staff.biologist;
    ids = await addGlucosePanel(ctx.app, staff.admin);
  });
  afterAll(() => stopTestApp(ctx));

  it('keeps one rule per analysis, written whole against the stamp read, for the validation right only', async () => {
    const created = await put('setValidationRule', {
      rule_analysis: ids.panel,
      rule_last_updated: null,
      ...allChecks,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      rule_analysis: ids.panel,
      analysis_name: 'Glycémie à jeun',
      rule_delta: true,
    });
    // Written again as if none existed: someone's rule is never overwritten unseen.
    expect(
      codeOf(
        await put('setValidationRule', { rule_analysis: ids.panel, rule_last_updated: null, ...allChecks }),
      ),
    ).toBe('staleUpdate');
    const changed = await put('setValidationRule', {
      rule_analysis: ids.panel,
      rule_last_updated: created.json().rule_last_updated,
      ...allChecks,
      rule_delta: false,
    });
    expect(changed.json().rule_delta).toBe(false);
    expect(
      (await put('setValidationRule', { rule_analysis: ids.count, rule_last_updated: null, ...allChecks }))
        .statusCode,
    ).toBe(200);
    const rules = (await call(ctx.app, biologist, 'getValidationRules', {})).json<Json[]>();
    expect(rules.map((rule) => rule.rule_analysis).sort()).toEqual([ids.panel, ids.count].sort());
    expect(
      (
        await put(
          'setValidationRule',
          { rule_analysis: ids.count, rule_last_updated: null, ...allChecks },
          staff.secretary,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      codeOf(
        await put('setValidationRule', {
          rule_analysis: '00000000-0000-4000-8000-000000000000',
          rule_last_updated: null,
          ...allChecks,
        }),
      ),
    ).toBe('analysisNotFound');
  });

  it('lists why a record does not pass, validates only the passing ones, and traces the rules applied', async () => {
    const passing = await record(0.9);
    const high = await record(1.5);
    const commented = await record(0.95);
    const read = await apiClient(ctx.app, biologist).previewRecord({ record_id: commented.recordId });
    expect(
      (
        await put(
          'updateRecordComments',
          {
            record_id: commented.recordId,
            record_last_updated: read.record.record_last_updated,
            record_internal_notes: 'Rappeler le prescripteur',
          },
          staff.admin,
        )
      ).statusCode,
    ).toBe(200);

    const entries = await queue();
    const entry = (pending: PendingRecord) => entries.find((each) => each.record_id === pending.recordId);
    expect(entry(passing)).toMatchObject({ passes: true, reasons: [] });
    expect(entry(high)).toMatchObject({
      passes: false,
      reasons: [{ failure: 'outOfRange', analysis_name: 'Glycémie à jeun', parameter_name: 'Glucose' }],
    });
    expect(entry(commented)?.reasons).toEqual([
      { failure: 'comment', analysis_name: null, sample_number: null, parameter_name: null },
    ]);

    const batch = await put('validateByRules', {
      record_ids: [passing.recordId, high.recordId, commented.recordId],
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const answer = batch.json<{
      validated: string[];
      skipped: Array<{ record_id: string; reasons: Json[] }>;
    }>();
    expect(answer.validated).toEqual([passing.recordId]);
    expect(answer.skipped.map((each) => each.record_id)).toEqual([high.recordId, commented.recordId]);
    expect(answer.skipped[0]?.reasons[0]).toMatchObject({ failure: 'outOfRange' });
    expect(await status(passing)).toBe(RECORD_STATUS.pendingSubmission);
    expect(await status(high)).toBe(RECORD_STATUS.pendingValidation);
    expect(await status(commented)).toBe(RECORD_STATUS.pendingValidation);

    // The biologist's own validation: their name on each step, the rules applied in its comment.
    const trace = (
      await call(ctx.app, staff.admin, 'getRecordTrace', { query: { record_id: passing.recordId } })
    ).json<Json[]>();
    const step = trace.find(
      (each) => each.modification_field === 'record_status' && Number(each.modification_new_value) === 4,
    );
    expect(step?.log_comment).toBe(
      'rule-assisted validation · Glycémie à jeun: in_range, no_marks, no_comment, patient_not_flagged; NFS: in_range, delta, no_marks, no_comment, patient_not_flagged',
    );
    expect(JSON.stringify(step)).toContain(biologist.uid);
  });

  it('names an analysis without a rule, and validates nothing a rule no longer lets through', async () => {
    const pending = await record(0.9, 'Sansregle');
    expect((await put('deleteValidationRule', { rule_analysis: ids.count })).json()).toEqual({
      deleted: true,
    });
    const entry = (await queue()).find((each) => each.record_id === pending.recordId);
    expect(entry?.reasons).toEqual([
      { failure: 'noRule', analysis_name: 'NFS', sample_number: null, parameter_name: null },
    ]);
    const batch = (await put('validateByRules', { record_ids: [pending.recordId] })).json();
    expect(batch).toMatchObject({ validated: [], skipped: [{ record_id: pending.recordId, code: null }] });
    expect(await status(pending)).toBe(RECORD_STATUS.pendingValidation);
  });
});
