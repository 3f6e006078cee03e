import type { ListQuery, TraceEntry } from '@sil/contract';
import { and } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { listRows } from '../../../lib/list/query.js';
import type { SessionStamps } from '../../../lib/session-stamps.js';
import { toIso, withoutTenant } from '../../../lib/time.js';
import { presentPatient, presentRecord, presentSample } from '../present.js';
import { reachWithinLaboratory, visibleRecord } from '../scope.js';
import { visibleRecordDetail } from './detail.js';
import { idsIn, namesOf } from './names.js';
import { createdBetween, recordSource, traceEntries } from './queries.js';
import { referenceNames } from './reference-names.js';
import {
  foldResultChanges,
  resultEntriesOf,
  resultSubjects,
  sampleStepsOf,
  subjectsOf,
} from './result-trace.js';

/** Whole rows (traces of inserts and deletes) are kept as JSON; the tenant column is not the user's business. */
function traceValueWithoutTenant(value: string | null): string | null {
  if (!value?.startsWith('{')) return value;
  try {
    return JSON.stringify(withoutTenant(JSON.parse(value) as Record<string, unknown>));
  } catch {
    return value;
  }
}

export function createRecordReadService(db: Db) {
  return {
    async list(auth: Authenticated, query: ListQuery) {
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
    },

    /**
     * One record with its patient and samples (one statement, which also tells `stamps` whether
     * the caller's session moved), and the names of the rows it points at, as this server
     * remembers them while the statement's names version stands.
     */
    async get(auth: Authenticated, recordId: string, stamps?: SessionStamps) {
      const {
        record,
        patient,
        samples: recordSamples,
        namesVersion,
        sessionUnchanged,
      } = await visibleRecordDetail(db, auth, recordId);
      stamps?.found(sessionUnchanged);
      const analysisIds = [
        ...new Set(record.record_selected_analyses.flatMap((group) => group.analysis_ids)),
      ];
      const names = await referenceNames(db, auth.user.laboratory_id, namesVersion, [
        [record.record_prescriber, record.record_collector, record.record_owner],
        recordSamples.flatMap((sample) => [sample.sample_type, sample.sample_matrix]),
        analysisIds,
      ]);
      const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
      return [
        Object.assign(presentRecord(record), {
          patient: patient ? presentPatient(patient) : null,
          record_samples: recordSamples.map((sample) => sample.sample_id),
          samples: recordSamples.map((sample) =>
            Object.assign(presentSample(sample), {
              sample_type_name: nameOf(sample.sample_type),
              matrix_name: nameOf(sample.sample_matrix),
            }),
          ),
          record_prescriber_name: nameOf(record.record_prescriber),
          record_collector_name: nameOf(record.record_collector),
          record_owner_name: nameOf(record.record_owner),
          record_analyses: analysisIds.map((id) => ({ analysis_id: id, analysis_name: names.get(id) ?? '' })),
        }),
      ];
    },

    /**
     * Every trace of the record, its samples and its patient, oldest first, with the author's name;
     * the changes of its results folded one per write, with what was reported before and after and
     * the reason given (result-trace.ts).
     */
    async trace(auth: Authenticated, recordId: string) {
      const laboratoryId = auth.user.laboratory_id;
      const record = await visibleRecord(db, auth, recordId);
      const { entries, sampleIds } = await traceEntries(db, laboratoryId, record);
      const resultEntries = await resultEntriesOf(db, laboratoryId, sampleIds);
      const wanted = subjectsOf(resultEntries);
      const subjects = await resultSubjects(db, laboratoryId, wanted.parameterIds, wanted.sampleIds);
      const changes = foldResultChanges(resultEntries, sampleStepsOf(entries), subjects);
      const idsOf = ({ entry }: (typeof entries)[number]) => [
        ...idsIn(entry.row_id),
        ...idsIn(entry.modification_old_value),
        ...idsIn(entry.modification_new_value),
      ];
      // One look-up for the whole trace: the rows the entries change and the ids their values hold.
      const names = await namesOf(db, laboratoryId, entries.flatMap(idsOf));
      const listed: TraceEntry[] = entries.map((found) => {
        const { entry, name } = found;
        return {
          ...withoutTenant(entry),
          modification_old_value: traceValueWithoutTenant(entry.modification_old_value),
          modification_new_value: traceValueWithoutTenant(entry.modification_new_value),
          modification_by_name: name,
          modification_timestamp: toIso(entry.modification_timestamp),
          names: Object.fromEntries(
            idsOf(found).flatMap((id) => {
              const named = names.get(id);
              return named === undefined ? [] : [[id, named]];
            }),
          ),
          result_change: null,
        };
      });
      const folded: TraceEntry[] = changes.map(({ first, name, change, reason }) => ({
        ...withoutTenant(first),
        modification_field: null,
        modification_old_value: null,
        modification_new_value: null,
        modification_by_name: name,
        modification_timestamp: toIso(first.modification_timestamp),
        log_comment: reason,
        names: {},
        result_change: change,
      }));
      return [...listed, ...folded].sort((a, b) => a.modification_id - b.modification_id);
    },
  };
}

export type RecordReadService = ReturnType<typeof createRecordReadService>;
