import { randomUUID } from 'node:crypto';
import { UPLOAD_CONTENT_TYPES, type UploadRow } from '@sil/contract';
import { uploads } from '../../db/schema/uploads.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import type { UploadDeps } from './deps.js';
import { ownerOf, presentUpload } from './owner.js';

type ContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** The type a file really is, from its first bytes; the name and the browser's word are not trusted. */
export function sniffContentType(bytes: Buffer): ContentType | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'application/pdf';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'image/tiff';
  return null;
}

/** A file attached to a record or a patient: its bytes stored, then its row, or neither. */
export async function storeFile(
  { db, storage }: UploadDeps,
  auth: Authenticated,
  fields: { record_id?: string; patient_id?: string; document_type: string; appears_in_report: boolean },
  file: { name: string; bytes: Buffer },
): Promise<UploadRow> {
  const owner = await ownerOf(db, auth, fields);
  const contentType = sniffContentType(file.bytes);
  if (!contentType) return fail('unsupportedFileType', { allowed: UPLOAD_CONTENT_TYPES });
  const key = `${auth.user.laboratory_id}/${randomUUID()}`;
  await storage.put(key, file.bytes);
  try {
    return await writeTransaction(db, actorOf(auth), async (tx) => {
      const [row] = await tx
        .insert(uploads)
        .values({
          laboratory_id: auth.user.laboratory_id,
          upload_record: owner.upload_record,
          upload_patient: owner.upload_patient,
          upload_name: file.name.slice(0, 200) || 'document',
          upload_content_type: contentType,
          upload_size: file.bytes.length,
          upload_document_type: fields.document_type,
          upload_appears_in_report: fields.appears_in_report,
          upload_storage_key: key,
          upload_by: auth.user.admin_uid,
        })
        .returning();
      return presentUpload(row ?? fail('unexpectedError'));
    });
  } catch (error) {
    // The row was not written: the stored bytes would be an orphan.
    await storage.remove(key);
    throw error;
  }
}
