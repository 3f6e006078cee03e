import type { ListQuery } from '@sil/contract';
import { and } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { listRows } from '../../../lib/list/query.js';
import type { SessionStamps } from '../../../lib/session-stamps.js';
import { presentPatient, presentRecord, presentSample } from '../present.js';
import { reachWithinLaboratory } from '../scope.js';
import { type RecordDetailRow, visibleRecordDetail } from './detail.js';
import { createdBetween, recordSource } from './queries.js';
import { referenceNames } from './reference-names.js';

/** The records the caller may see, as the list engine pages them. */
export async function listRecords(db: Db, auth: Authenticated, query: ListQuery) {
  // The mark says that a validated result is out of range: a result, which a clinic's billing
  // user does not read (medical secrecy, decision 0012). Neither shown nor filtered on, since
  // the filter would tell the same.
  const billingOnly = auth.rights.user_type === 'external' && !auth.rights.medical_user;
  if (billingOnly && query['filter_column[]']?.includes('record_abnormal')) fail('insufficientRights');
  // The laboratory is every list's own condition (lib/list/source.ts, `scopeOf`).
  const scope = and(reachWithinLaboratory(auth), createdBetween(query));
  const page = await listRows(db, recordSource, auth.user.laboratory_id, query, scope);
  if (!billingOnly) return page;
  return { ...page, data: page.data.map((row) => Object.assign(row, { record_abnormal: false })) };
}

/**
 * One record with its patient and samples (one statement, which also tells `stamps` whether
 * the caller's session moved), and the names of the rows it points at, as this server
 * remembers them while the statement's names version stands.
 */
export async function recordDetail(db: Db, auth: Authenticated, recordId: string, stamps?: SessionStamps) {
  const detail = await visibleRecordDetail(db, auth, recordId);
  stamps?.found(detail.sessionUnchanged);
  return [await presentRecordDetail(db, auth, detail)];
}

/** A record read by `visibleRecordDetail` as the record screen shows it, its references named. */
export async function presentRecordDetail(
  db: Db,
  auth: Authenticated,
  { record, patient, samples: recordSamples, namesVersion }: RecordDetailRow,
) {
  const analysisIds = [...new Set(record.record_selected_analyses.flatMap((group) => group.analysis_ids))];
  const names = await referenceNames(db, auth.user.laboratory_id, namesVersion, [
    [record.record_prescriber, record.record_collector, record.record_owner],
    recordSamples.flatMap((sample) => [sample.sample_type, sample.sample_matrix]),
    analysisIds,
  ]);
  const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
  return Object.assign(presentRecord(record), {
    patient: patient ? presentPatient(patient) : null,
    record_samples: recordSamples.map((sample) => sample.sample_id),
    samples: recordSamples.map((sample) =>
      Object.assign(presentSample(sample), {
        sample_type_name: nameOf(sample.sample_type),
        matrix_name: nameOf(sample.sample_matrix),
        sample_prepared_by_name: sample.sample_prepared_by_name ?? null,
        sample_injected_by_name: sample.sample_injected_by_name ?? null,
        sample_removed_by_name: sample.sample_removed_by_name ?? null,
        sample_validated_by_name: sample.sample_validated_by_name ?? null,
      }),
    ),
    record_prescriber_name: nameOf(record.record_prescriber),
    record_collector_name: nameOf(record.record_collector),
    record_owner_name: nameOf(record.record_owner),
    record_analyses: analysisIds.map((id) => ({ analysis_id: id, analysis_name: names.get(id) ?? '' })),
  });
}
