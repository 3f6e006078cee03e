import type { DismissDuplicatesBody } from '@sil/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/open.js';
import { duplicateDismissals } from '../../../db/schema/duplicate-dismissals.js';
import { patients } from '../../../db/schema/records.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { traitKey } from './duplicates.js';

/**
 * Declares a duplicate group 'not duplicates' (spec.md §3): its patients are homonyms, different
 * people. They must be patients of the laboratory sharing the identity traits (a group the
 * duplicates screen proposes); the set is kept, traced, and the group is no longer proposed until
 * another patient joins it.
 */
export async function dismissDuplicatePatients(
  db: Db,
  auth: Authenticated,
  body: z.output<typeof DismissDuplicatesBody>,
) {
  const laboratoryId = auth.user.laboratory_id;
  const ids = [...body.patient_ids].sort();
  return writeTransaction(
    db,
    actorOf(auth),
    async (tx) => {
      const found = await tx
        .select({ id: patients.patient_id, key: traitKey })
        .from(patients)
        .where(and(eq(patients.laboratory_id, laboratoryId), inArray(patients.patient_id, ids)));
      if (found.length !== ids.length) fail('patientNotFound');
      // Patients who do not share the traits are no group of the screen's: nothing to declare.
      if (new Set(found.map((row) => row.key)).size !== 1) fail('duplicateNotFound');
      const [row] = await tx
        .insert(duplicateDismissals)
        .values({ laboratory_id: laboratoryId, dismissal_patients: ids, dismissal_by: auth.user.admin_uid })
        .returning({ dismissal_id: duplicateDismissals.dismissal_id });
      if (!row) throw new Error('the declaration was not stored');
      return { dismissal_id: row.dismissal_id, patient_ids: ids };
    },
    { comment: 'duplicate patients declared not duplicates' },
  );
}
