import type { DocumentAnswer } from '@sil/contract';
import { renderQuote } from '@sil/documents';
import type { Db } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { loadRecordContext } from '../reports/index.js';
import { billOfRecord } from './bill.js';
import { actLine, documentBase, documentFileName } from './document-parts.js';

/** The quote ('DEVIS') of non-refundable acts and custom costs; nothing when there is none. */
export async function quote(db: Db, auth: Authenticated, recordId: string): Promise<DocumentAnswer> {
  const ctx = await loadRecordContext(db, auth, recordId);
  const computed = await billOfRecord(db, ctx);
  const acts = computed.bill.acts.filter((line) => line.billed && !line.nabm_refund);
  if (acts.length === 0 && computed.bill.costs.length === 0) return { skip: true };
  const pdf = await renderQuote({
    ...documentBase(ctx, computed),
    acts: acts.map(actLine),
    costs: computed.bill.costs.map((cost) => ({
      label: cost.analysis_name,
      amountCents: cost.amount_cents,
    })),
    totalCents: computed.bill.total_quote_cents,
    toPayCents: computed.bill.total_quote_cents,
  });
  return { filename: documentFileName(ctx, 'quote'), pdf_base64: pdf.toString('base64') };
}
