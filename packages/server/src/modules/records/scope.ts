import { and, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import { records } from '../../db/schema/index.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';

/**
 * Which records a caller may see: staff with the records right see their laboratory's, clinic
 * users those their clinic owns, prescribers those they prescribed (spec.md §6 'Server rules').
 */
export function recordScope(auth: Authenticated): SQL {
  const inLaboratory = eq(records.laboratory_id, auth.user.laboratory_id);
  const { rights } = auth;
  if (rights.user_type === 'external') {
    return (
      and(inLaboratory, eq(records.record_owner, rights.clinic_id ?? fail('clinicUserOverreached'))) ??
      inLaboratory
    );
  }
  if (rights.user_type === 'prescriber') {
    return (
      and(inLaboratory, eq(records.record_prescriber, rights.prescriber_id ?? fail('insufficientRights'))) ??
      inLaboratory
    );
  }
  if (rights.admin_records === 0) fail('noAdminRights');
  return inLaboratory;
}

export type RecordRow = typeof records.$inferSelect;

/** The record matching `condition` that this caller may see, if any. */
export async function findVisibleRecord(
  q: Queryable,
  auth: Authenticated,
  condition: SQL,
): Promise<RecordRow | undefined> {
  const [record] = await q
    .select()
    .from(records)
    .where(and(recordScope(auth), condition));
  return record;
}

/** The record this caller may see, or `recordNotFound` (never telling whether it exists elsewhere). */
export async function visibleRecord(q: Queryable, auth: Authenticated, recordId: string): Promise<RecordRow> {
  return (await findVisibleRecord(q, auth, eq(records.record_id, recordId))) ?? fail('recordNotFound');
}
