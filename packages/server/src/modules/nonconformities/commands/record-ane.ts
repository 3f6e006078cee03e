import type { AddAneBody } from '@sil/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/open.js';
import { recordAnes } from '../../../db/schema/nonconformities.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertEditable, completeFinishedSamples, lockedRecord } from '../../records/index.js';
import { emptyToNull } from '../changes.js';
import { nonconformitiesOf } from '../queries.js';

/** An ANE names an analysis the record ordered; a second ANE on it replaces the first (traced). */
export function recordAne(db: Db, auth: Authenticated, input: z.output<typeof AddAneBody>) {
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const record =
      (await lockedRecord(tx, auth.user.laboratory_id, input.record_id)) ?? fail('recordNotFound');
    assertEditable(record);
    const ordered = new Set(record.record_selected_analyses.flatMap((group) => group.analysis_ids));
    if (!ordered.has(input.analysis_id)) fail('analysisNotInRecord', { analysis_id: input.analysis_id });
    const values = { ane_code: input.ane_code, ane_description: emptyToNull(input.ane_description) };
    await tx
      .insert(recordAnes)
      .values({
        laboratory_id: auth.user.laboratory_id,
        ane_record: record.record_id,
        ane_analysis: input.analysis_id,
        ane_created_by: auth.user.admin_uid,
        ...values,
      })
      .onConflictDoUpdate({ target: [recordAnes.ane_record, recordAnes.ane_analysis], set: values });
    // The analysis was the last one a sample waited for: the sample completes, its record follows.
    await completeFinishedSamples(tx, record.record_id);
    return nonconformitiesOf(tx, record.record_id);
  });
}
