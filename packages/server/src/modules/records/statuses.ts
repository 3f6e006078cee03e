import {
  RECORD_STATUS,
  recordStatusOfSamples,
  recordStatusSchema,
  type StatusAction,
  type StatusEntity,
  transitionRefusal,
} from '@sil/contract';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/open.js';
import { records, samples } from '../../db/schema/records.js';
import { updateIfUnchanged } from '../../lib/concurrency.js';
import { fail } from '../../lib/errors.js';
import { assertEditable, assertUnlocked } from './guards.js';
import type { RecordRow } from './scope.js';

/**
 * The one place where record and sample statuses move (spec.md §4). Every step is checked against
 * the contract's transition tables (forward, one step, by the action that owns it) and taken with
 * that action named in the transaction (`sil.action`), which the database's triggers check again
 * (migration 0015). Validation and delivery call these functions with their own action.
 */

type SampleRow = typeof samples.$inferSelect;
type RecordChanges = Partial<typeof records.$inferInsert>;

/** Refuses a step the tables do not give to `action`, with its catalogue code. */
export function assertStep(entity: StatusEntity, from: number, to: number, action: StatusAction): void {
  const refusal = transitionRefusal(entity, from, to, action);
  if (refusal) fail(refusal, { from, to, action });
}

/** Runs one write with `action` named for the database's transition triggers, then clears it. */
async function asAction<T>(tx: Tx, action: StatusAction, work: () => Promise<T>): Promise<T> {
  await tx.execute(sql`select set_config('sil.action', ${action}, true)`);
  const result = await work();
  await tx.execute(sql`select set_config('sil.action', '', true)`);
  return result;
}

/**
 * Whether `action` may still touch a sent record: delivery, which records what it sent, and
 * invalidation, which takes it back to amend its report (decision 0023). A cancelled one, none.
 */
const mayTouchSent = (record: RecordRow, action: StatusAction) =>
  (action === 'delivery' || action === 'invalidation') && !record.record_annulr_flag;

/** Locked, cancelled and sent records take no step, but those `mayTouchSent` allows. */
function assertMovable(record: RecordRow, action: StatusAction): void {
  if (mayTouchSent(record, action)) assertUnlocked(record);
  else assertEditable(record);
}

/**
 * Moves a record to `to` by `action`: refused when locked, cancelled or sent, when the step goes
 * back (cannotDowngradeStatus) or is not this action's (invalidStatusTransition), and when the
 * record changed since `stamp` was read (staleUpdate; by default the stamp of the row as given).
 * `also` are changes the same action makes in the same write (receiving sets the reception time).
 */
export async function moveRecordStatus(
  tx: Tx,
  record: RecordRow,
  to: number,
  action: StatusAction,
  options: { stamp?: string; also?: RecordChanges } = {},
): Promise<RecordRow> {
  assertMovable(record, action);
  assertStep('record', record.record_status, to, action);
  return asAction(tx, action, () =>
    updateIfUnchanged(
      tx,
      records,
      {
        idColumn: records.record_id,
        id: record.record_id,
        stampColumn: records.record_last_updated,
        stamp: options.stamp ?? record.record_last_updated,
        scope: eq(records.laboratory_id, record.laboratory_id),
      },
      { ...options.also, record_status: to },
      'recordNotFound',
    ),
  );
}

/**
 * Whether a sample of `record` may move at all: not on a locked, cancelled or sent record, and not
 * before the laboratory has the record (a pre-registered record's samples are not at the bench).
 */
export function assertSampleMovable(record: RecordRow, action: StatusAction): void {
  assertMovable(record, action);
  if (record.record_status < RECORD_STATUS.registered)
    fail('invalidRecordStatusForUpdate', { record_status: record.record_status, reason: 'notReceived' });
}

/** Moves a sample of `record` to `to` by `action`, with the same checks as a record's step. */
export async function moveSampleStatus(
  tx: Tx,
  sample: SampleRow,
  record: RecordRow,
  to: number,
  action: StatusAction,
): Promise<SampleRow> {
  assertSampleMovable(record, action);
  assertStep('sample', sample.sample_status, to, action);
  return asAction(tx, action, () =>
    updateIfUnchanged(
      tx,
      samples,
      {
        idColumn: samples.sample_id,
        id: sample.sample_id,
        stampColumn: samples.sample_last_updated,
        stamp: sample.sample_last_updated,
        scope: eq(samples.sample_record, record.record_id),
      },
      { sample_status: to },
      'sampleNotFound',
    ),
  );
}

/** The actions whose sample steps a record follows: the bench's, validation's and invalidation's. */
export type FollowingAction = Extract<StatusAction, 'sampleProgress' | 'validation' | 'invalidation'>;

/**
 * The record follows its samples by the contract's rule (`recordStatusOfSamples`), one step at a
 * time under the action that moved them: the bench takes it to processing and pending validation,
 * validation to pending submission (stamped 'validated today'), invalidation back to pending
 * validation in its one step (from pending submission, or from sent when a report out is amended).
 * The record is read again and locked first, so that two benches moving two samples of one record
 * at once both succeed (the second sees the first's step). Returns the record as it now is.
 */
export async function followSamples(tx: Tx, recordId: string, action: FollowingAction): Promise<RecordRow> {
  const [locked] = await tx.select().from(records).where(eq(records.record_id, recordId)).for('update');
  if (!locked) return fail('recordNotFound');
  const statuses = (
    await tx
      .select({ status: samples.sample_status })
      .from(samples)
      .where(eq(samples.sample_record, recordId))
  ).map((row) => row.status);
  const target = recordStatusOfSamples(recordStatusSchema.parse(locked.record_status), statuses);
  let current = locked;
  while (current.record_status !== target) {
    // Forward one step at a time; back (invalidation) in the one step the tables give it.
    const to = target < current.record_status ? target : current.record_status + 1;
    const validatedAt =
      to === RECORD_STATUS.pendingSubmission
        ? new Date().toISOString()
        : to === RECORD_STATUS.pendingValidation && action === 'invalidation'
          ? null
          : undefined;
    current = await moveRecordStatus(tx, current, to, action, {
      ...(validatedAt === undefined ? {} : { also: { record_validated_at: validatedAt } }),
    });
  }
  return current;
}
