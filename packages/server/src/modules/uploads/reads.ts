import type { UploadRow } from '@sil/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage.js';
import type { Queryable } from '../../db/open.js';
import { uploads } from '../../db/schema/uploads.js';
import type { Authenticated } from '../../lib/auth-context.js';
import type { UploadDeps } from './deps.js';
import { ownerOf, presentUpload, uploadOfLaboratory } from './owner.js';

/** The files of a record, or of a patient, newest first. */
export async function listFiles(
  { db }: UploadDeps,
  auth: Authenticated,
  target: { record_id?: string; patient_id?: string },
): Promise<UploadRow[]> {
  const owner = await ownerOf(db, auth, target);
  const where = owner.upload_record
    ? eq(uploads.upload_record, owner.upload_record)
    : eq(uploads.upload_patient, owner.upload_patient);
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.laboratory_id, auth.user.laboratory_id), where))
    .orderBy(desc(uploads.upload_created));
  return rows.map(presentUpload);
}

/** A file as it was uploaded: its name, its type and its bytes. */
export async function downloadFile({ db, storage }: UploadDeps, auth: Authenticated, uploadId: string) {
  const row = await uploadOfLaboratory(db, auth, uploadId);
  // A clinic user reaches the files of its own records and patients only.
  if (row.upload_record) await ownerOf(db, auth, { record_id: row.upload_record });
  else if (row.upload_patient) await ownerOf(db, auth, { patient_id: row.upload_patient });
  const bytes = await storage.get(row.upload_storage_key);
  return { filename: row.upload_name, contentType: row.upload_content_type, bytes };
}

/**
 * The files of a record marked 'appears in report', oldest first: PNG and JPEG with their
 * bytes (the report draws them), the others named only.
 */
export async function reportAttachments(storage: FileStorage, q: Queryable, recordId: string) {
  const rows = await q
    .select()
    .from(uploads)
    .where(and(eq(uploads.upload_record, recordId), eq(uploads.upload_appears_in_report, true)))
    .orderBy(asc(uploads.upload_created));
  const drawn = new Set(['image/png', 'image/jpeg']);
  const files = [];
  for (const row of rows) {
    const bytes = drawn.has(row.upload_content_type) ? await storage.get(row.upload_storage_key) : undefined;
    files.push({ name: row.upload_name, type: row.upload_content_type, bytes });
  }
  return files;
}

/** The newest prescription scan of a record, if any. */
export async function latestPrescription({ db, storage }: UploadDeps, recordId: string) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.upload_record, recordId), eq(uploads.upload_document_type, 'prescription')))
    .orderBy(desc(uploads.upload_created))
    .limit(1);
  return row ? { row, bytes: await storage.get(row.upload_storage_key) } : null;
}
