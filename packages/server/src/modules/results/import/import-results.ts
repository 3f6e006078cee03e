import type { CiqRunStatus, ImportAnswer } from '@sil/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { resultImports } from '../../../db/schema/imports.js';
import { results } from '../../../db/schema/results.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { openRun, writeRunValues } from '../../ciq/index.js';
import { ciqRuns } from '../../ciq/tables.js';
import { completeFinishedSamplesOf } from '../../records/index.js';
import { ensureResultMonths, recordStampsOfSamples } from '../queries.js';
import { REWRITTEN_COLUMNS } from '../reading.js';
import { type ImportInput, planFile, type UploadedFile } from './plan-file.js';

/** What a second value for a sample and parameter replaces: the reading and its author. */
const UPSERTED = Object.fromEntries(
  REWRITTEN_COLUMNS.map((column) => [column, sql.raw(`excluded.${column}`)]),
);

/**
 * Writes the file's values in one transaction: the plan is made again inside it, so a sample
 * validated since the preview is skipped and the database's guards refuse any race. Values
 * equal to the stored ones are not rewritten, so the same file twice changes nothing.
 */
export async function importResults(
  db: Db,
  auth: Authenticated,
  input: ImportInput,
  file: UploadedFile,
): Promise<ImportAnswer> {
  const laboratoryId = auth.user.laboratory_id;
  return writeTransaction(
    db,
    actorOf(auth),
    async (tx) => {
      const { parsed, plan, sha256, alreadyImportedAt } = await planFile(tx, laboratoryId, input, file);
      const rows: Array<typeof results.$inferInsert> = [];
      const stamps = await recordStampsOfSamples(tx, [
        ...new Set(plan.writes.map((write) => write.sampleId)),
      ]);
      for (const write of plan.writes) {
        if (write.preview.change === 'same') continue;
        const recordCreated = stamps.get(write.sampleId) ?? fail('sampleNotFound');
        rows.push({
          ...write.reading,
          result_entered_by: auth.user.admin_uid,
          result_machine: null,
          result_run_at: null,
          result_analyser_flags: null,
          laboratory_id: laboratoryId,
          result_sample: write.sampleId,
          result_parameter: write.parameterId,
          result_record_created: recordCreated,
        });
      }
      // One statement per 500 values, new or changed alike: the row triggers (audit trail,
      // validated-result guard, stamp) still run for each.
      await ensureResultMonths(
        tx,
        rows.map((row) => row.result_record_created as string),
      );
      for (let start = 0; start < rows.length; start += 500) {
        await tx
          .insert(results)
          .values(rows.slice(start, start + 500))
          .onConflictDoUpdate({
            target: [results.result_sample, results.result_parameter, results.result_record_created],
            set: UPSERTED,
          });
      }
      // A sample the file completes moves on as one completed on the bench does.
      await completeFinishedSamplesOf(tx, [...new Set(rows.map((row) => row.result_sample))]);
      // The file's control values open a control run of the machine, each read by the Westgard
      // rules as if entered by hand; a file imported before does not add its controls twice.
      let run: { ciq_run_id: string; ciq_run_status: ImportAnswer['ciq_run_status'] } | null = null;
      const controls = alreadyImportedAt === null && input.machine_id ? plan.controls : [];
      if (input.machine_id && controls.length > 0) {
        const opened = await openRun(tx, laboratoryId, input.machine_id, auth.user.admin_uid);
        await writeRunValues(tx, opened, controls);
        const [after] = await tx
          .select({ ciq_run_id: ciqRuns.ciq_run_id, ciq_run_status: ciqRuns.ciq_run_status })
          .from(ciqRuns)
          .where(eq(ciqRuns.ciq_run_id, opened.ciq_run_id));
        run = after ? { ...after, ciq_run_status: after.ciq_run_status as CiqRunStatus } : null;
      }
      const written = rows.length;
      const answer = {
        written,
        unchanged: plan.writes.length - written,
        unmatched: plan.unmatched.length,
        samples: new Set(plan.writes.map((write) => write.sampleId)).size,
        already_imported_at: alreadyImportedAt,
        controls: run ? controls.length : 0,
        ciq_run_id: run?.ciq_run_id ?? null,
        ciq_run_status: run?.ciq_run_status ?? null,
        // What the technician checks after the import as before it: the ids that named no
        // sample, and each injection's internal standard.
        unknown_samples: plan.unknownSamples,
        internal_standards: plan.internalStandards,
      };
      if (written === 0 && !run) return { import_id: null, ...answer };
      const [row] = await tx
        .insert(resultImports)
        .values({
          laboratory_id: laboratoryId,
          import_file_type: input.file_type,
          import_machine: input.machine_id ?? null,
          import_file_name: file.name.slice(0, 255),
          import_file_sha256: sha256,
          import_rows: parsed.rows.length,
          import_written: written,
          import_by: auth.user.admin_uid,
        })
        .returning({ import_id: resultImports.import_id });
      return { import_id: row?.import_id ?? null, ...answer };
    },
    { comment: `import ${input.file_type}` },
  );
}
