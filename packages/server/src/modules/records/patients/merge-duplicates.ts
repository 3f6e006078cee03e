import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { patients, records } from '../../../db/schema/records.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';

/**
 * Deletes each listed patient after moving its records to its replacement and appending its
 * internal notes there; all or nothing, traced as one merge.
 */
export async function mergeDuplicatePatients(
  db: Db,
  auth: Authenticated,
  deletions: Array<{ patient_id: string; replacement_patient_id: string }>,
) {
  const laboratoryId = auth.user.laboratory_id;
  const deleted = new Set(deletions.map((d) => d.patient_id));
  const invalid =
    deleted.size !== deletions.length ||
    deletions.some((d) => d.patient_id === d.replacement_patient_id || deleted.has(d.replacement_patient_id));
  if (invalid) fail('invalidListOfPatientsToDelete');
  return writeTransaction(
    db,
    actorOf(auth),
    async (tx) => {
      const ids = [...new Set(deletions.flatMap((d) => [d.patient_id, d.replacement_patient_id]))];
      const found = await tx
        .select()
        .from(patients)
        .where(and(eq(patients.laboratory_id, laboratoryId), inArray(patients.patient_id, ids)));
      if (found.length !== ids.length) fail('patientNotFound');
      const byId = new Map(found.map((p) => [p.patient_id, p]));
      let moved = 0;
      for (const { patient_id, replacement_patient_id } of deletions) {
        const gone = byId.get(patient_id);
        const kept = byId.get(replacement_patient_id);
        if (!gone || !kept) return fail('patientNotFound');
        const movedRows = await tx
          .update(records)
          .set({ record_patient: replacement_patient_id })
          .where(eq(records.record_patient, patient_id))
          .returning({ id: records.record_id });
        moved += movedRows.length;
        const notes = [kept.patient_internal_notes, gone.patient_internal_notes].filter((n): n is string =>
          Boolean(n?.trim()),
        );
        if (gone.patient_internal_notes?.trim()) {
          const [updated] = await tx
            .update(patients)
            .set({ patient_internal_notes: notes.join('\n---\n') })
            .where(eq(patients.patient_id, replacement_patient_id))
            .returning();
          if (updated) byId.set(replacement_patient_id, updated);
        }
        await tx.delete(patients).where(eq(patients.patient_id, patient_id));
      }
      return { deleted: deletions.length, records_moved: moved };
    },
    { comment: 'duplicate patients merged' },
  );
}
