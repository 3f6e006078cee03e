import type { ResolveReconciliationItemBody } from '@sil/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/open.js';
import { reconciliationItems } from '../../../db/schema/analysers.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { toIso } from '../../../lib/time.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { samples } from '../../records/tables.js';
import { analyserMappingsOf, learnAnalyserMapping, writeSampleResults } from '../../results/index.js';
import { benchValue, runInstant } from '../ingest/values.js';
import { reconciliationItemOf } from './reads.js';

type Body = z.output<typeof ResolveReconciliationItemBody>;
type Item = typeof reconciliationItems.$inferSelect;

async function lockedItem(tx: Tx, laboratoryId: string, body: Body): Promise<Item> {
  const [item] = await tx
    .select()
    .from(reconciliationItems)
    .where(
      and(eq(reconciliationItems.laboratory_id, laboratoryId), eq(reconciliationItems.item_id, body.item_id)),
    )
    .for('update');
  if (!item) return fail('reconciliationItemNotFound');
  if (item.item_state !== 'open') fail('reconciliationItemClosed');
  if (new Date(item.item_last_updated).getTime() !== new Date(body.item_last_updated).getTime())
    fail('staleUpdate', { current_last_updated: toIso(item.item_last_updated) });
  return item;
}

async function sampleNamed(tx: Tx, laboratoryId: string, number: string | undefined | null) {
  if (!number) return null;
  const [sample] = await tx
    .select({ sample_id: samples.sample_id })
    .from(samples)
    .where(and(eq(samples.laboratory_id, laboratoryId), eq(samples.sample_number, number.trim())));
  return sample?.sample_id ?? null;
}

/** The analyser's value on a sample, through the bench's rules; the person who placed it is its author. */
async function place(
  tx: Tx,
  auth: Authenticated,
  item: Item,
  sampleId: string,
  parameterId: string,
  factor: number | null,
) {
  const result =
    item.item_result ?? fail('incorrectType', { issues: [{ path: 'resolution', message: 'discardOnly' }] });
  const value =
    benchValue(result, { unit_factor: factor }) ??
    fail('missingData', { issues: [{ path: 'value', message: 'required' }] });
  await writeSampleResults(
    tx,
    auth.user.laboratory_id,
    { result_entered_by: auth.user.admin_uid, result_machine: item.item_machine },
    {
      sample_id: sampleId,
      results: [
        {
          parameter_id: parameterId,
          ...value,
          result_run_at: runInstant(result.run_at),
          result_analyser_flags: result.flags,
        },
      ],
    },
    { replaceUnread: true },
  );
}

/**
 * resolve-reconciliation-item: map (the code means this parameter, learned for the analyser's next
 * messages, and the value lands on its sample when it names one), assign (the value belongs to
 * this sample), or discard with a reason. A validated sample's value is only discarded: changing
 * it is an amendment (invalidation). Traced, with who resolved it.
 */
export function resolveReconciliationItem(db: Db, auth: Authenticated, body: Body) {
  const laboratoryId = auth.user.laboratory_id;
  const { resolution } = body;
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const item = await lockedItem(tx, laboratoryId, body);
    if (resolution.action !== 'discard' && item.item_reason === 'validatedConflict') fail('resultValidated');
    let state: Item['item_state'] = 'discarded';
    let sampleId = item.item_sample;
    let parameterId = item.item_parameter;
    if (resolution.action === 'map') {
      const result =
        item.item_result ??
        fail('incorrectType', { issues: [{ path: 'resolution', message: 'discardOnly' }] });
      if (resolution.learn)
        await learnAnalyserMapping(tx, laboratoryId, item.item_machine, {
          test_code: result.test_code,
          parameter_id: resolution.parameter_id,
          unit_factor: resolution.unit_factor ?? null,
        });
      parameterId = resolution.parameter_id;
      sampleId = sampleId ?? (await sampleNamed(tx, laboratoryId, result.specimen_id));
      if (sampleId && !result.qc)
        await place(tx, auth, item, sampleId, parameterId, resolution.unit_factor ?? null);
      state = 'mapped';
    } else if (resolution.action === 'assign') {
      sampleId = (await sampleNamed(tx, laboratoryId, resolution.sample_number)) ?? fail('sampleNotFound');
      const mapped = (await analyserMappingsOf(tx, laboratoryId, item.item_machine)).find(
        (m) => m.test_code === item.item_result?.test_code,
      );
      parameterId =
        resolution.parameter_id ?? parameterId ?? mapped?.parameter_id ?? fail('parameterNotFound');
      await place(
        tx,
        auth,
        item,
        sampleId,
        parameterId,
        mapped?.parameter_id === parameterId ? mapped.unit_factor : null,
      );
      state = 'assigned';
    }
    await tx
      .update(reconciliationItems)
      .set({
        item_state: state,
        item_sample: sampleId,
        item_parameter: parameterId,
        item_resolved_by: auth.user.admin_uid,
        item_resolved_at: sql`now()`,
        item_resolution_reason: resolution.action === 'discard' ? resolution.reason : null,
      })
      .where(eq(reconciliationItems.item_id, item.item_id));
    return reconciliationItemOf(tx, laboratoryId, item.item_id);
  });
}
