import { RECORD_STATUS } from '@sil/contract';
import { eq } from 'drizzle-orm';
import { uploads } from '../../db/schema/uploads.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import type { UploadDeps } from './deps.js';
import { ownerOf, uploadOfLaboratory } from './owner.js';

/** A file taken off its record or patient: the row, then the bytes. */
export async function deleteFile({ db, storage }: UploadDeps, auth: Authenticated, uploadId: string) {
  const row = await uploadOfLaboratory(db, auth, uploadId);
  const owner = row.upload_record ? await ownerOf(db, auth, { record_id: row.upload_record }) : null;
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
}
