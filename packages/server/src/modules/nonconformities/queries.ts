import type { AneRow, NcaRow, RecordNonconformities } from '@sil/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../db/open.js';
import { analyses } from '../../db/schema/catalogue.js';
import { recordAnes, recordNcas } from '../../db/schema/nonconformities.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { presentRow } from '../../lib/time.js';
import { lockedRecord, visibleRecord } from '../records/index.js';
import { samples } from '../records/tables.js';

const ANE_STAMPS = ['ane_created_at', 'ane_last_updated'] as const;
const NCA_STAMPS = ['nca_created_at', 'nca_resolved_at', 'nca_last_updated'] as const;

/** A sample of the laboratory with its record, both locked as validation locks them. */
export async function lockedSampleAndRecord(tx: Tx, laboratoryId: string, sampleId: string) {
  const [sample] = await tx
    .select()
    .from(samples)
    .where(and(eq(samples.sample_id, sampleId), eq(samples.laboratory_id, laboratoryId)))
    .for('update');
  if (!sample) return undefined;
  const record = await lockedRecord(tx, laboratoryId, sample.sample_record);
  return record ? { sample, record } : undefined;
}

/** An NCA of the laboratory, locked. */
export async function lockedNca(tx: Tx, laboratoryId: string, ncaId: string) {
  const [nca] = await tx
    .select()
    .from(recordNcas)
    .where(and(eq(recordNcas.nca_id, ncaId), eq(recordNcas.laboratory_id, laboratoryId)))
    .for('update');
  return nca;
}

/** Whether the record still has an NCA waiting for its solution (record_unresolved_nca). */
export async function hasUnresolvedNca(q: Queryable, recordId: string): Promise<boolean> {
  const [row] = await q
    .select({ open: sql<number>`1` })
    .from(recordNcas)
    .where(and(eq(recordNcas.nca_record, recordId), eq(recordNcas.nca_resolved, false)))
    .limit(1);
  return row !== undefined;
}

/** The ANEs (with the analysis' name) and NCAs of a record, oldest first. */
export async function nonconformitiesOf(q: Queryable, recordId: string): Promise<RecordNonconformities> {
  const aneRows = await q
    .select({ ane: recordAnes, analysis_name: analyses.analysis_name })
    .from(recordAnes)
    .leftJoin(analyses, eq(analyses.analysis_id, recordAnes.ane_analysis))
    .where(eq(recordAnes.ane_record, recordId))
    .orderBy(asc(recordAnes.ane_created_at), asc(recordAnes.ane_id));
  const ncaRows = await q
    .select()
    .from(recordNcas)
    .where(eq(recordNcas.nca_record, recordId))
    .orderBy(asc(recordNcas.nca_created_at), asc(recordNcas.nca_id));
  return {
    anes: aneRows.map(
      ({ ane, analysis_name }) =>
        ({ ...presentRow(ane, ANE_STAMPS), analysis_name: analysis_name ?? null }) as AneRow,
    ),
    ncas: ncaRows.map((nca) => presentRow(nca, NCA_STAMPS) as NcaRow),
  };
}

/** The non-conformities of a record the caller may see. */
export async function recordNonconformities(db: Db, auth: Authenticated, recordId: string) {
  const record = await visibleRecord(db, auth, recordId);
  return nonconformitiesOf(db, record.record_id);
}
