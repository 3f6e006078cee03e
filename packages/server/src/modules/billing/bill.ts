import { RECORD_STATUS } from '@sil/contract';
import type { Queryable } from '../../db/open.js';
import { fail } from '../../lib/errors.js';
import { toIso } from '../../lib/time.js';
import type { RecordContext } from '../reports/index.js';
import { computeBill } from './compute.js';
import { actsOf, bValueOn, territoryOf } from './queries.js';

/** A record is billed once validated: its report is out (spec.md §4, status 4 and on). */
export const BILLABLE_FROM = RECORD_STATUS.pendingSubmission;

export const isoOrNull = (stamp: string | null | undefined) => (stamp ? toIso(stamp) : null);

const parisDate = (stamp: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' }).format(new Date(stamp));

/** The patient's insurance covers the date when one is recorded and its rights run on that date. */
function insuredOn(patient: RecordContext['patient'], date: string): boolean {
  const recorded = Boolean(
    patient.patient_insurance || patient.patient_insurance_code1 || patient.patient_insurance_code2,
  );
  const from = patient.patient_insurance_from;
  const to = patient.patient_insurance_to;
  return recorded && (!from || from <= date) && (!to || to >= date);
}

/** The bill of a record as its data reads now: B value, acts, national rules, totals. */
export async function billOfRecord(q: Queryable, ctx: RecordContext) {
  const laboratoryId = ctx.record.laboratory_id;
  const date = ctx.record.record_prescription_date ?? parisDate(ctx.record.record_created);
  const territory = await territoryOf(q, laboratoryId);
  const bValueCents =
    (await bValueOn(q, laboratoryId, territory, date)) ?? fail('bValueMissing', { territory, date });
  // The analyses in the order the record lists them.
  const order = ctx.record.record_selected_analyses.flatMap((group) => group.analysis_ids);
  const analyses = [...ctx.analyses].sort(
    (a, b) => order.indexOf(a.analysis_id) - order.indexOf(b.analysis_id),
  );
  const acts = await actsOf(q, laboratoryId, [...new Set(analyses.flatMap((a) => a.analysis_nabm_codes))]);
  const insured = insuredOn(ctx.patient, date);
  const bill = computeBill({ date, bValueCents, insured, analyses, acts });
  return { date, territory, bValueCents, insured, bill };
}

export type RecordBill = Awaited<ReturnType<typeof billOfRecord>>;
