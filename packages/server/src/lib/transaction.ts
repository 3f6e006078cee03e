import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/open.js';
import type { Actor } from './auth-context.js';
import { inKeyedTransaction } from './idempotency.js';

export const SYSTEM_ACTOR: Actor = { uid: 'system', laboratoryId: null };

export interface WriteOptions {
  /** Free text kept with every trace entry of this transaction (spec.md 'log_comment'). */
  comment?: string;
  /** Non-conformity code kept with the trace entries. */
  nca?: string;
}

/**
 * The only way services write: one transaction that names the acting user for the audit
 * triggers. A write outside it is refused by the database (migration 0001).
 */
export async function writeTransaction<T>(
  db: Db,
  actor: Actor,
  work: (tx: Tx) => Promise<T>,
  options: WriteOptions = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('sil.actor', ${actor.uid}, true), set_config('sil.log_comment', ${options.comment ?? ''}, true), set_config('sil.nca', ${options.nca ?? ''}, true)`,
    );
    // A write call's first transaction also claims the call's idempotency key (lib/idempotency.ts).
    return inKeyedTransaction(tx, () => work(tx));
  });
}
