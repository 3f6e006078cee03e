import type { TraceEntry } from '@sil/contract';
import type { Db } from '../../../db/open.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { toIso, withoutTenant } from '../../../lib/time.js';
import { visibleRecord } from '../scope.js';
import { idsIn, namesOf } from './names.js';
import { traceEntries } from './queries.js';
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

/**
 * Every trace of the record, its samples and its patient, oldest first, with the author's name;
 * the changes of its results folded one per write, with what was reported before and after and
 * the reason given (result-trace.ts).
 */
export async function recordTrace(db: Db, auth: Authenticated, recordId: string) {
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
}
