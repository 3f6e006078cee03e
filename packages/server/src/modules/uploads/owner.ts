import type { UploadRow } from '@sil/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { uploads } from '../../db/schema/uploads.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { toIso } from '../../lib/time.js';
import { reachablePatient, visibleRecord } from '../records/index.js';

/** What a file belongs to, as the caller may reach it: a record (and its patient) or a patient. */
export async function ownerOf(
  db: Db,
  auth: Authenticated,
  target: { record_id?: string; patient_id?: string },
) {
  if (target.record_id) {
    const record = await visibleRecord(db, auth, target.record_id);
    return { upload_record: record.record_id, upload_patient: record.record_patient, record };
  }
  if (target.patient_id) {
    const patient = await reachablePatient(db, auth, target.patient_id);
    return { upload_record: null, upload_patient: patient.patient_id, record: null };
  }
  return fail('missingData', { issues: [{ path: 'record_id', message: 'required' }] });
}

/** A file of the caller's laboratory, or `fileNotFound`. */
export async function uploadOfLaboratory(db: Db, auth: Authenticated, uploadId: string) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.laboratory_id, auth.user.laboratory_id), eq(uploads.upload_id, uploadId)));
  return row ?? fail('fileNotFound');
}

export const presentUpload = (row: typeof uploads.$inferSelect): UploadRow => ({
  upload_id: row.upload_id,
  upload_record: row.upload_record,
  upload_patient: row.upload_patient,
  upload_name: row.upload_name,
  upload_content_type: row.upload_content_type,
  upload_size: row.upload_size,
  upload_document_type: row.upload_document_type,
  upload_appears_in_report: row.upload_appears_in_report,
  upload_created: toIso(row.upload_created),
  upload_by: row.upload_by,
});
