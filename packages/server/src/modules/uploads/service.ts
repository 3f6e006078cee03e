import { randomUUID } from 'node:crypto';
import { RECORD_STATUS, UPLOAD_CONTENT_TYPES, type UploadRow } from '@sil/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage.js';
import type { Db, Queryable } from '../../db/open.js';
import { uploads } from '../../db/schema/index.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { toIso } from '../../lib/time.js';
import { writeTransaction } from '../../lib/transaction.js';
import { reachablePatient, visibleRecord } from '../records/index.js';

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

const present = (row: typeof uploads.$inferSelect): UploadRow => ({
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

export function createUploadService(db: Db, storage: FileStorage) {
  async function ownerOf(auth: Authenticated, target: { record_id?: string; patient_id?: string }) {
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

  async function uploadFor(auth: Authenticated, uploadId: string) {
    const [row] = await db
      .select()
      .from(uploads)
      .where(and(eq(uploads.laboratory_id, auth.user.laboratory_id), eq(uploads.upload_id, uploadId)));
    return row ?? fail('fileNotFound');
  }

  return {
    async upload(
      auth: Authenticated,
      fields: { record_id?: string; patient_id?: string; document_type: string; appears_in_report: boolean },
      file: { name: string; bytes: Buffer },
    ): Promise<UploadRow> {
      const owner = await ownerOf(auth, fields);
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
          return present(row ?? fail('unexpectedError'));
        });
      } catch (error) {
        // The row was not written: the stored bytes would be an orphan.
        await storage.remove(key);
        throw error;
      }
    },

    async list(
      auth: Authenticated,
      target: { record_id?: string; patient_id?: string },
    ): Promise<UploadRow[]> {
      const owner = await ownerOf(auth, target);
      const where = owner.upload_record
        ? eq(uploads.upload_record, owner.upload_record)
        : eq(uploads.upload_patient, owner.upload_patient);
      const rows = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.laboratory_id, auth.user.laboratory_id), where))
        .orderBy(desc(uploads.upload_created));
      return rows.map(present);
    },

    async download(auth: Authenticated, uploadId: string) {
      const row = await uploadFor(auth, uploadId);
      // A clinic user reaches the files of its own records and patients only.
      if (row.upload_record) await ownerOf(auth, { record_id: row.upload_record });
      else if (row.upload_patient) await ownerOf(auth, { patient_id: row.upload_patient });
      return { row, bytes: await storage.get(row.upload_storage_key) };
    },

    /**
     * The files of a record marked 'appears in report', oldest first: PNG and JPEG with their
     * bytes (the report draws them), the others named only.
     */
    async reportAttachments(q: Queryable, recordId: string) {
      const rows = await q
        .select()
        .from(uploads)
        .where(and(eq(uploads.upload_record, recordId), eq(uploads.upload_appears_in_report, true)))
        .orderBy(asc(uploads.upload_created));
      const drawn = new Set(['image/png', 'image/jpeg']);
      const files = [];
      for (const row of rows) {
        const bytes = drawn.has(row.upload_content_type)
          ? await storage.get(row.upload_storage_key)
          : undefined;
        files.push({ name: row.upload_name, type: row.upload_content_type, bytes });
      }
      return files;
    },

    /** The newest prescription scan of a record, if any. */
    async latestPrescription(recordId: string) {
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.upload_record, recordId), eq(uploads.upload_document_type, 'prescription')))
        .orderBy(desc(uploads.upload_created))
        .limit(1);
      return row ? { row, bytes: await storage.get(row.upload_storage_key) } : null;
    },

    async remove(auth: Authenticated, uploadId: string) {
      const row = await uploadFor(auth, uploadId);
      const owner = row.upload_record ? await ownerOf(auth, { record_id: row.upload_record }) : null;
      // The prescription is the legal basis of a record under analysis: it stays.
      if (
        row.upload_document_type === 'prescription' &&
        (owner?.record?.record_status ?? 0) >= RECORD_STATUS.processing
      )
        fail('cannotDelete');
      await writeTransaction(db, actorOf(auth), (tx) =>
        tx.delete(uploads).where(eq(uploads.upload_id, row.upload_id)),
      );
      await storage.remove(row.upload_storage_key);
      return { deleted: true as const };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
