import { RECORD_STATUS, SAMPLE_STATUS } from '@sil/contract';
import { and, arrayOverlaps, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { records, samples } from '../../../db/schema/records.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { recordReports } from '../../reports/tables.js';
import { uploads } from '../../uploads/tables.js';

/**
 * Deleting records registered by mistake (spec.md §2 Data management), all or none, in one audited
 * transaction: the trail keeps each deleted record and sample whole. What the laboratory must keep
 * is refused: results already validated (the record is cancelled instead), documents attached
 * (deleted first, under their own rules), stored report versions (one went out: an invalidated
 * record being amended keeps them, decision 0023), records of a cancel-and-replace chain or linked
 * from another record, and records imported locked.
 */
export async function deleteRecords(db: Db, auth: Authenticated, recordIds: readonly string[]) {
  const ids = [...new Set(recordIds)];
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const found = await tx
      .select({
        id: records.record_id,
        number: records.record_number,
        status: records.record_status,
        locked: records.record_locked,
        chained: sql<boolean>`${records.record_replaces} IS NOT NULL OR ${records.record_replaced_by} IS NOT NULL`,
      })
      .from(records)
      .where(and(eq(records.laboratory_id, auth.user.laboratory_id), inArray(records.record_id, ids)))
      .for('update');
    if (found.length !== ids.length) return fail('recordNotFound');
    const numbersOf = (keep: (id: string) => boolean) =>
      found.filter((row) => keep(row.id)).map((row) => row.number);

    const validatedSamples = await tx
      .selectDistinct({ record: samples.sample_record })
      .from(samples)
      .where(and(inArray(samples.sample_record, ids), gte(samples.sample_status, SAMPLE_STATUS.validated)));
    const validated = new Set([
      ...found.filter((row) => row.status >= RECORD_STATUS.pendingSubmission).map((row) => row.id),
      ...validatedSamples.map((row) => row.record),
    ]);
    if (validated.size > 0)
      return fail('recordValidatedCannotDelete', { record_numbers: numbersOf((id) => validated.has(id)) });

    const withFiles = await tx
      .selectDistinct({ record: uploads.upload_record })
      .from(uploads)
      .where(inArray(uploads.upload_record, ids));
    const withReports = await tx
      .selectDistinct({ record: recordReports.report_record })
      .from(recordReports)
      .where(inArray(recordReports.report_record, ids));
    const linkedFrom = await tx
      .select({ linked: records.record_linked_records })
      .from(records)
      .where(and(arrayOverlaps(records.record_linked_records, ids), notInArray(records.record_id, ids)));
    const kept = new Map<string, string>();
    for (const row of found) {
      if (row.locked) kept.set(row.id, 'locked');
      else if (row.chained) kept.set(row.id, 'replacement');
    }
    for (const row of withFiles) if (row.record) kept.set(row.record, 'documents');
    for (const row of withReports) kept.set(row.record, 'reports');
    for (const row of linkedFrom) for (const id of row.linked) if (ids.includes(id)) kept.set(id, 'linked');
    if (kept.size > 0)
      return fail('recordMustBeKept', {
        records: found
          .filter((row) => kept.has(row.id))
          .map((row) => ({ record_number: row.number, reason: kept.get(row.id) })),
      });

    await tx.delete(samples).where(inArray(samples.sample_record, ids));
    const deleted = await tx
      .delete(records)
      .where(inArray(records.record_id, ids))
      .returning({ id: records.record_id });
    return { deleted: deleted.length };
  });
}
