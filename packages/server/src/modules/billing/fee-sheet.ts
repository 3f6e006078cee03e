import type { DocumentAnswer } from '@sil/contract';
import { renderFeeSheet } from '@sil/documents';
import type { Db } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { loadRecordContext } from '../reports/index.js';
import { billOfRecord } from './bill.js';
import { actLine, documentBase, documentFileName, excludedReason } from './document-parts.js';

/** The fee sheet ('FEUILLE D'HONORAIRES'): the refundable acts billed; nothing when there is none. */
export async function feeSheet(db: Db, auth: Authenticated, recordId: string): Promise<DocumentAnswer> {
  const ctx = await loadRecordContext(db, auth, recordId);
  const computed = await billOfRecord(db, ctx);
  const billed = computed.bill.acts.filter((line) => line.billed && line.nabm_refund);
  if (billed.length === 0) return { skip: true };
  const pdf = await renderFeeSheet({
    ...documentBase(ctx, computed),
    acts: billed.map(actLine),
    excluded: computed.bill.acts
      .filter((line) => !line.billed)
      .map((line) => ({
        code: line.nabm_code,
        analysis: line.analysis_name,
        reason: excludedReason(line),
      })),
    totalCents: computed.bill.total_cents,
    toPayCents: computed.insured ? 0 : computed.bill.total_cents,
  });
  return { filename: documentFileName(ctx, 'cerfa'), pdf_base64: pdf.toString('base64') };
}
