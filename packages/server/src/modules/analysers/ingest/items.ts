import type { ParsedResult, ReconciliationReason } from '@sil/contract';
import type { Tx } from '../../../db/open.js';
import { reconciliationItems } from '../../../db/schema/analysers.js';

export interface ItemDraft {
  reason: ReconciliationReason;
  detail?: string | null;
  result: ParsedResult | null;
  sampleId?: string | null;
  parameterId?: string | null;
}

/** Where a message's results that found no place wait for a person: nothing is dropped. */
export async function addItems(
  tx: Tx,
  context: { laboratoryId: string; machineId: string; messageId: string },
  drafts: ItemDraft[],
): Promise<void> {
  if (drafts.length === 0) return;
  await tx.insert(reconciliationItems).values(
    drafts.map((draft) => ({
      laboratory_id: context.laboratoryId,
      item_machine: context.machineId,
      item_message: context.messageId,
      item_reason: draft.reason,
      item_detail: draft.detail ?? null,
      item_result: draft.result,
      item_sample: draft.sampleId ?? null,
      item_parameter: draft.parameterId ?? null,
    })),
  );
}
