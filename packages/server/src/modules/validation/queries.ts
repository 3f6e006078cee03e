import { RECORD_STATUS } from '@sil/contract';
import { and, asc, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/open.js';
import { patients, records, samples } from '../records/tables.js';

/**
 * The records waiting for a biologist, in the order they are taken: urgent ones first, then the
 * oldest (index records_to_validate, migration 0019). Cancelled records wait for no one.
 */
export function recordsToValidate(
  q: Queryable,
  laboratoryId: string,
  options: { excluding?: string; limit: number },
) {
  const conditions: SQL[] = [
    eq(records.laboratory_id, laboratoryId),
    eq(records.record_status, RECORD_STATUS.pendingValidation),
    eq(records.record_annulr_flag, false),
  ];
  if (options.excluding) conditions.push(ne(records.record_id, options.excluding));
  return q
    .select({
      record_id: records.record_id,
      record_number: records.record_number,
      record_is_urgent: records.record_is_urgent,
      record_created: records.record_created,
      patient_surname: patients.patient_surname,
      patient_name: patients.patient_name,
    })
    .from(records)
    .leftJoin(patients, eq(patients.patient_id, records.record_patient))
    .where(and(...conditions))
    .orderBy(desc(records.record_is_urgent), asc(records.record_created), asc(records.record_id))
    .limit(options.limit);
}

/** Every sample of a record, locked with it. */
export function samplesOfRecord(tx: Tx, recordId: string) {
  return tx.select().from(samples).where(eq(samples.sample_record, recordId)).for('update');
}
