import type { Db, Tx } from '../../db/open.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { type WriteOptions, writeTransaction } from '../../lib/transaction.js';
import { lockedRecord, presentRecord } from '../records/index.js';
import { recordsToValidate, type samplesOfRecord } from './queries.js';

type SampleRow = Awaited<ReturnType<typeof samplesOfRecord>>[number];
type LockedRecord = NonNullable<Awaited<ReturnType<typeof lockedRecord>>>;

/** The chosen samples of the record, in the order chosen: one not on this record is not found. */
export function chosenSamples(all: SampleRow[], ids: readonly string[]): SampleRow[] {
  if (ids.length === 0) return fail('noSamplesValidated');
  const byId = new Map(all.map((sample) => [sample.sample_id, sample]));
  return ids.map((id) => byId.get(id) ?? fail('sampleNotFound', { sample_id: id }));
}

async function nextRecordId(tx: Tx, laboratoryId: string, excluding: string): Promise<string | null> {
  const [next] = await recordsToValidate(tx, laboratoryId, { excluding, limit: 1 });
  return next?.record_id ?? null;
}

/** Runs a validation or invalidation step on the locked record and answers it with the next one. */
export const onLockedRecord = (
  db: Db,
  auth: Authenticated,
  recordId: string,
  work: (tx: Tx, record: LockedRecord) => Promise<void>,
  options: WriteOptions = {},
) =>
  writeTransaction(
    db,
    actorOf(auth),
    async (tx) => {
      const laboratoryId = auth.user.laboratory_id;
      const record = (await lockedRecord(tx, laboratoryId, recordId)) ?? fail('recordNotFound');
      await work(tx, record);
      const current = (await lockedRecord(tx, laboratoryId, recordId)) ?? fail('recordNotFound');
      return {
        record: presentRecord(current),
        next_record_id: await nextRecordId(tx, laboratoryId, recordId),
      };
    },
    options,
  );
