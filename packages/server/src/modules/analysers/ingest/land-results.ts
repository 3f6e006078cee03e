import { type AnalyserMappingRow, type ParsedResult, SAMPLE_STATUS } from '@sil/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/open.js';
import { AppError } from '../../../lib/errors.js';
import { samples } from '../../records/tables.js';
import { type ResultLineInput, writeSampleResults } from '../../results/index.js';
import type { ItemDraft } from './items.js';
import { benchValue, runInstant, unitMismatch } from './values.js';

export interface Landing {
  stored: number;
  items: ItemDraft[];
}

interface Line {
  result: ParsedResult;
  input: ResultLineInput;
}

const reasonOf = (error: unknown): ItemDraft['reason'] => {
  const code = error instanceof AppError ? error.code : '';
  if (code === 'parameterNotInSample') return 'parameterNotInSample';
  if (code === 'resultValidated') return 'validatedConflict';
  return 'valueRefused';
};

/**
 * A specimen's lines through the bench's command, in a savepoint: all at once, and when the
 * bench refuses that, each alone, so that one refused value (a parameter the sample does not
 * have, a value out of its bounds) waits in reconciliation without holding back the others.
 */
async function writeLines(tx: Tx, laboratoryId: string, machineId: string, sampleId: string, lines: Line[]) {
  const author = { result_entered_by: null, result_machine: machineId };
  const write = (chosen: Line[]) =>
    tx.transaction((savepoint) =>
      writeSampleResults(
        savepoint,
        laboratoryId,
        author,
        { sample_id: sampleId, results: chosen.map((line) => line.input) },
        { replaceUnread: true },
      ),
    );
  try {
    await write(lines);
    return { stored: lines.length, items: [] };
  } catch {
    const landing: Landing = { stored: 0, items: [] };
    for (const line of lines) {
      try {
        await write([line]);
        landing.stored += 1;
      } catch (error) {
        const detail = error instanceof AppError ? error.code : 'refused';
        landing.items.push({
          reason: reasonOf(error),
          detail,
          result: line.result,
          sampleId,
          parameterId: line.input.parameter_id,
        });
      }
    }
    return landing;
  }
}

/**
 * A message's patient results: each lands on the sample whose number is its specimen id, its code
 * read through the analyser's mapping; the rest waits in reconciliation with its reason.
 */
export async function landPatientResults(
  tx: Tx,
  laboratoryId: string,
  machineId: string,
  parsed: ParsedResult[],
  mappings: Map<string, AnalyserMappingRow>,
): Promise<Landing> {
  const numbers = [...new Set(parsed.map((result) => result.specimen_id.trim()).filter(Boolean))];
  const found =
    numbers.length === 0
      ? []
      : await tx
          .select({
            sample_id: samples.sample_id,
            number: samples.sample_number,
            status: samples.sample_status,
          })
          .from(samples)
          .where(and(eq(samples.laboratory_id, laboratoryId), inArray(samples.sample_number, numbers)));
  const byNumber = new Map(found.map((sample) => [sample.number, sample]));
  const landing: Landing = { stored: 0, items: [] };
  const bySample = new Map<string, Map<string, Line>>();
  for (const result of parsed) {
    const sample = byNumber.get(result.specimen_id.trim());
    const mapping = mappings.get(result.test_code);
    const item = (reason: ItemDraft['reason'], detail?: string) =>
      landing.items.push({
        reason,
        detail: detail ?? null,
        result,
        sampleId: sample?.sample_id ?? null,
        parameterId: mapping?.parameter_id ?? null,
      });
    if (!sample) item('unknownSpecimen');
    else if (sample.status >= SAMPLE_STATUS.validated) item('validatedConflict');
    else if (!mapping) item('unmappedCode');
    else if (unitMismatch(result, mapping)) item('unitMismatch', mapping.analyser_unit ?? undefined);
    else {
      const value = benchValue(result, mapping);
      if (!value) item('valueRefused', 'noValue');
      else {
        const lines = bySample.get(sample.sample_id) ?? new Map<string, Line>();
        // The same test twice in a message: the later value is the analyser's last word.
        lines.set(mapping.parameter_id, {
          result,
          input: {
            parameter_id: mapping.parameter_id,
            ...value,
            result_run_at: runInstant(result.run_at),
            result_analyser_flags: result.flags,
          },
        });
        bySample.set(sample.sample_id, lines);
      }
    }
  }
  for (const [sampleId, lines] of bySample) {
    const written = await writeLines(tx, laboratoryId, machineId, sampleId, [...lines.values()]);
    landing.stored += written.stored;
    landing.items.push(...written.items);
  }
  return landing;
}
