import type {
  AddAneBody,
  AddNcaBody,
  CloseNctBody,
  OpenNctBody,
  ResolveNcaBody,
  UpdateRecordLblocBody,
  UpdateSampleLblocBody,
} from '@sil/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/open.js';
import { recordAnes, recordNcas, records, samples } from '../../db/schema/index.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { updateIfUnchanged } from '../../lib/concurrency.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import {
  assertEditable,
  lockedRecord,
  presentRecord,
  presentSample,
  type RecordRow,
  visibleRecord,
} from '../records/index.js';
import { hasUnresolvedNca, lockedNca, lockedSampleAndRecord, nonconformitiesOf } from './queries.js';

type Out<S extends z.ZodType> = z.output<S>;

const orderedAnalyses = (record: RecordRow): Set<string> =>
  new Set(record.record_selected_analyses.flatMap((group) => group.analysis_ids));

const emptyToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** record_unresolved_nca follows the record's NCAs: set while one waits for its solution. */
async function followNcas(tx: Tx, record: RecordRow): Promise<void> {
  const unresolved = await hasUnresolvedNca(tx, record.record_id);
  if (unresolved !== record.record_unresolved_nca)
    await tx
      .update(records)
      .set({ record_unresolved_nca: unresolved })
      .where(eq(records.record_id, record.record_id));
}

export function createNonconformityService(db: Db) {
  /** The work on a sample and its record (both locked), which must still take changes. */
  const onOpenSample = <T>(
    auth: Authenticated,
    sampleId: string,
    work: (tx: Tx, sample: typeof samples.$inferSelect) => Promise<T>,
  ) =>
    writeTransaction(db, actorOf(auth), async (tx) => {
      const found = await lockedSampleAndRecord(tx, auth.user.laboratory_id, sampleId);
      if (!found) return fail('sampleNotFound');
      assertEditable(found.record);
      return work(tx, found.sample);
    });

  const updateSample = (
    tx: Tx,
    auth: Authenticated,
    target: { sample_id: string; sample_last_updated: string },
    changes: Partial<typeof samples.$inferInsert>,
  ) =>
    updateIfUnchanged(
      tx,
      samples,
      {
        idColumn: samples.sample_id,
        id: target.sample_id,
        stampColumn: samples.sample_last_updated,
        stamp: target.sample_last_updated,
        scope: eq(samples.laboratory_id, auth.user.laboratory_id),
      },
      changes,
      'sampleNotFound',
    );

  return {
    async list(auth: Authenticated, recordId: string) {
      const record = await visibleRecord(db, auth, recordId);
      return nonconformitiesOf(db, record.record_id);
    },

    /** An ANE names an analysis the record ordered; a second ANE on it replaces the first (traced). */
    addAne: (auth: Authenticated, input: Out<typeof AddAneBody>) =>
      writeTransaction(db, actorOf(auth), async (tx) => {
        const record =
          (await lockedRecord(tx, auth.user.laboratory_id, input.record_id)) ?? fail('recordNotFound');
        assertEditable(record);
        if (!orderedAnalyses(record).has(input.analysis_id))
          fail('analysisNotInRecord', { analysis_id: input.analysis_id });
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
        return nonconformitiesOf(tx, record.record_id);
      }),

    /**
     * An NCA may be raised on any record not locked, a sent one included: an identity error is often
     * found after the report left, and it must be kept all the same. The trace entries carry its code.
     */
    addNca: (auth: Authenticated, input: Out<typeof AddNcaBody>) =>
      writeTransaction(
        db,
        actorOf(auth),
        async (tx) => {
          const record =
            (await lockedRecord(tx, auth.user.laboratory_id, input.record_id)) ?? fail('recordNotFound');
          if (record.record_locked) fail('cannotEditLock');
          await tx.insert(recordNcas).values({
            laboratory_id: auth.user.laboratory_id,
            nca_record: record.record_id,
            nca_code: input.nca_code,
            nca_description: emptyToNull(input.nca_description),
            nca_created_by: auth.user.admin_uid,
          });
          await followNcas(tx, record);
          return nonconformitiesOf(tx, record.record_id);
        },
        { nca: input.nca_code },
      ),

    resolveNca: (auth: Authenticated, input: Out<typeof ResolveNcaBody>) =>
      writeTransaction(db, actorOf(auth), async (tx) => {
        const laboratoryId = auth.user.laboratory_id;
        const nca = (await lockedNca(tx, laboratoryId, input.nca_id)) ?? fail('ncaNotFound');
        const record = (await lockedRecord(tx, laboratoryId, nca.nca_record)) ?? fail('ncaNotFound');
        if (record.record_locked) fail('cannotEditLock');
        if (nca.nca_resolved) fail('ncaAlreadyResolved');
        await tx
          .update(recordNcas)
          .set({
            nca_resolved: true,
            nca_solution: input.nca_solution,
            nca_resolved_by: auth.user.admin_uid,
            nca_resolved_at: new Date().toISOString(),
          })
          .where(and(eq(recordNcas.nca_id, nca.nca_id), eq(recordNcas.laboratory_id, laboratoryId)));
        await followNcas(tx, record);
        return nonconformitiesOf(tx, record.record_id);
      }),

    /** Opening clears the solution of an earlier NCT: the sample's NCT is the one now open. */
    openNct: (auth: Authenticated, input: Out<typeof OpenNctBody>) =>
      onOpenSample(auth, input.sample_id, async (tx) =>
        presentSample(
          await updateSample(tx, auth, input, {
            sample_nct_active: true,
            sample_nct_code: input.sample_nct_code,
            sample_nct_description: emptyToNull(input.sample_nct_description),
            sample_nct_solution: null,
          }),
        ),
      ),

    closeNct: (auth: Authenticated, input: Out<typeof CloseNctBody>) =>
      onOpenSample(auth, input.sample_id, async (tx, sample) => {
        if (!sample.sample_nct_active) fail('nctNotActive');
        return presentSample(
          await updateSample(tx, auth, input, {
            sample_nct_active: false,
            sample_nct_solution: input.sample_nct_solution,
          }),
        );
      }),

    /** Lifting keeps the description, so that the trace and the record tell why it was locked. */
    updateSampleLbloc: (auth: Authenticated, input: Out<typeof UpdateSampleLblocBody>) =>
      onOpenSample(auth, input.sample_id, async (tx) =>
        presentSample(
          await updateSample(tx, auth, input, {
            sample_lbloc_flag: input.sample_lbloc_flag,
            ...(input.sample_lbloc_flag
              ? { sample_lbloc_description: emptyToNull(input.sample_lbloc_description) }
              : {}),
          }),
        ),
      ),

    updateRecordLbloc: (auth: Authenticated, input: Out<typeof UpdateRecordLblocBody>) =>
      writeTransaction(db, actorOf(auth), async (tx) => {
        const laboratoryId = auth.user.laboratory_id;
        const record = (await lockedRecord(tx, laboratoryId, input.record_id)) ?? fail('recordNotFound');
        assertEditable(record);
        const updated = await updateIfUnchanged(
          tx,
          records,
          {
            idColumn: records.record_id,
            id: record.record_id,
            stampColumn: records.record_last_updated,
            stamp: input.record_last_updated,
            scope: eq(records.laboratory_id, laboratoryId),
          },
          {
            record_lbloc_flag: input.record_lbloc_flag,
            ...(input.record_lbloc_flag
              ? { record_lbloc_description: emptyToNull(input.record_lbloc_description) }
              : {}),
          },
          'recordNotFound',
        );
        return presentRecord(updated);
      }),
  };
}

export type NonconformityService = ReturnType<typeof createNonconformityService>;
