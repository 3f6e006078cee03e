import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { nabms } from '../../db/schema/nabms.js';
import type { Actor } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { ACT_FIELDS, type NabmAct } from './act.js';
import { parseNabmCsv } from './parse-csv.js';
import { parseNabmFhir } from './parse-fhir.js';

export interface ImportReport {
  total: number;
  added: string[];
  changed: string[];
  retired: string[];
  unchanged: number;
}

/** UTF-8 when the bytes are valid UTF-8, else Latin-1 (older exports of the national table). */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

export function parseNabmFile(bytes: Buffer): NabmAct[] {
  const text = decode(bytes).replace(/^\uFEFF/, '');
  const acts = text.trimStart().startsWith('{') ? parseNabmFhir(text) : parseNabmCsv(text);
  if (acts.length === 0) fail('invalidImportFile', { reason: 'noActs' });
  const seen = new Set<string>();
  for (const act of acts) {
    if (seen.has(act.nabm_code)) fail('invalidImportFile', { reason: 'duplicateCode', code: act.nabm_code });
    seen.add(act.nabm_code);
  }
  return acts;
}

const today = () => new Date().toISOString().slice(0, 10);
const isRetired = (act: NabmAct) =>
  act.inactive || (act.nabm_end_date !== null && act.nabm_end_date <= today());
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Brings the laboratory's NABM table to the imported version, all or nothing: new acts are added,
 * changed ones updated, and acts gone from the national table are kept but marked retired, since
 * records may still bill them. Nothing changes for an act that is the same.
 */
export async function importNabms(db: Db, actor: Actor, bytes: Buffer): Promise<ImportReport> {
  const laboratoryId = actor.laboratoryId ?? fail('laboratoryNotFound');
  const acts = parseNabmFile(bytes);
  return writeTransaction(
    db,
    actor,
    async (tx) => {
      const existing = new Map(
        (await tx.select().from(nabms).where(eq(nabms.laboratory_id, laboratoryId))).map((row) => [
          row.nabm_code,
          row,
        ]),
      );
      const report: ImportReport = { total: acts.length, added: [], changed: [], retired: [], unchanged: 0 };
      const inserts: Array<typeof nabms.$inferInsert> = [];

      for (const act of acts) {
        const { inactive: _inactive, ...fields } = act;
        const retired = isRetired(act);
        const row = existing.get(act.nabm_code);
        existing.delete(act.nabm_code);
        if (!row) {
          inserts.push({ ...fields, laboratory_id: laboratoryId, nabm_retired: retired, nabm_refund: true });
          report.added.push(act.nabm_code);
          continue;
        }
        const changes = Object.fromEntries(
          ACT_FIELDS.filter((field) => !same(row[field], act[field])).map((field) => [field, act[field]]),
        );
        const retiring = retired && !row.nabm_retired;
        if (Object.keys(changes).length === 0 && retired === row.nabm_retired) {
          report.unchanged++;
          continue;
        }
        await tx
          .update(nabms)
          .set({ ...changes, nabm_retired: retired })
          .where(and(eq(nabms.nabm_code, act.nabm_code), eq(nabms.laboratory_id, laboratoryId)));
        (retiring ? report.retired : report.changed).push(act.nabm_code);
      }

      // In batches: one statement per few hundred acts keeps parameters under PostgreSQL's limit.
      for (let start = 0; start < inserts.length; start += 200)
        await tx.insert(nabms).values(inserts.slice(start, start + 200));

      for (const row of existing.values()) {
        // Only acts that came from the national table retire; the laboratory's own acts stay.
        if (row.nabm_retired || !row.nabm_refund) continue;
        await tx
          .update(nabms)
          .set({ nabm_retired: true })
          .where(and(eq(nabms.nabm_code, row.nabm_code), eq(nabms.laboratory_id, laboratoryId)));
        report.retired.push(row.nabm_code);
      }
      return report;
    },
    { comment: 'NABM import' },
  );
}
