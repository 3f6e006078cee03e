import type { AddSampleBody } from '@sil/contract';
import { and, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/open.js';
import { records, samples } from '../../../db/schema/records.js';
import { matrices, sampleTypes } from '../../../db/schema/reference.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { missingInLaboratory } from '../../../lib/tenant.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { assertEditable, updateRecordIfUnchanged } from '../guards.js';
import { presentSample } from '../present.js';
import { recordScope } from '../scope.js';
import { samplesOrdered } from './ordered.js';
import { sampleNumber } from './sync.js';

/**
 * An additional sample on a record still open to changes (spec.md §7 `/add-sample`), for analyses
 * the record orders, numbered after its last sample. The record's stamp is checked and moved, so
 * that two benches adding a tube at once do not both pass on one reading of the record.
 */
export async function addSample(db: Db, auth: Authenticated, input: z.output<typeof AddSampleBody>) {
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const laboratoryId = auth.user.laboratory_id;
    const [record] = await tx
      .select()
      .from(records)
      .where(and(eq(records.record_id, input.record_id), recordScope(auth)));
    if (!record) return fail('recordNotFound');
    assertEditable(record);
    const tube = {
      table: sampleTypes,
      idColumn: sampleTypes.sample_type_id,
      laboratoryColumn: sampleTypes.laboratory_id,
    };
    if ((await missingInLaboratory(tx, tube, laboratoryId, [input.sample_type])).length > 0)
      fail('sampleTypeNotFound', { field: 'sample_type' });
    const matrix = {
      table: matrices,
      idColumn: matrices.matrix_id,
      laboratoryColumn: matrices.laboratory_id,
    };
    if ((await missingInLaboratory(tx, matrix, laboratoryId, [input.sample_matrix])).length > 0)
      fail('matrixNotFound', { field: 'sample_matrix' });
    if (input.sample_linked_sample) {
      const [linked] = await tx
        .select({ id: samples.sample_id })
        .from(samples)
        .where(
          and(eq(samples.sample_id, input.sample_linked_sample), eq(samples.sample_record, record.record_id)),
        );
      if (!linked) fail('sampleNotFound', { field: 'sample_linked_sample' });
    }

    const ordered = new Set(record.record_selected_analyses.flatMap((group) => group.analysis_ids));
    const notOrdered = input.sample_analyses.filter((id) => !ordered.has(id));
    if (notOrdered.length > 0) fail('analysisNotInRecord', { analysis_ids: notOrdered });
    const current = await updateRecordIfUnchanged(tx, auth, input, {
      record_last_updated: record.record_last_updated,
    });
    const [last] = await tx
      .select({ number: max(samples.sample_number) })
      .from(samples)
      .where(eq(samples.sample_record, record.record_id));
    const lastIndex = Number(last?.number?.split('-').at(-1) ?? 0);
    const [created] = await tx
      .insert(samples)
      .values({
        laboratory_id: laboratoryId,
        sample_number: sampleNumber(current.record_number, lastIndex),
        sample_record: record.record_id,
        sample_type: input.sample_type,
        sample_matrix: input.sample_matrix,
        sample_analyses: input.sample_analyses,
        sample_linked_sample: input.sample_linked_sample ?? null,
        sample_additional: true,
        sample_collection_datetime: record.record_collection_datetime,
        sample_collector: record.record_collector,
      })
      .returning();
    if (!created) return fail('unexpectedError');
    // Analysers in download mode get the tests they were not sent yet (issue 41).
    await samplesOrdered(tx, laboratoryId, [created.sample_id]);
    return presentSample(created);
  });
}
