import { and, eq, type SQL } from 'drizzle-orm';
import { records } from '../../db/schema/index.js';
import { fail } from '../../lib/errors.js';
import type { Authenticated } from '../auth/session-service.js';

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
