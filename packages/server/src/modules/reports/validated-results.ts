import type { ValidatedResultLine } from '@sil/contract';
import type { Db } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { loadRecordContext } from './record-context.js';
import { gatherResults } from './report-data.js';

/**
 * The validated results of a record the caller reaches, as its stored report prints them (one
 * source: gatherResults): validated samples only, without hidden parameters nor analyses hidden
 * in the report, in the order the analyses were ordered.
 */
export async function validatedResults(
  db: Db,
  auth: Authenticated,
  recordId: string,
): Promise<ValidatedResultLine[]> {
  const ctx = await loadRecordContext(db, auth, recordId);
  const { analyses } = await gatherResults(db, ctx, { validatedOnly: true });
  return analyses
    .filter(({ analysis }) => !analysis.analysis_hide_in_report)
    .flatMap(({ entries }) =>
      entries.flatMap(({ line, result, parameter }) => {
        if (!result || parameter?.parameter_hidden) return [];
        const previous = line.anteriority;
        return [
          {
            analysis_id: line.analysis_id,
            analysis_name: line.analysis_name,
            parameter_id: line.parameter_id,
            parameter_name: line.parameter_name,
            parameter_decimals: line.parameter_decimals,
            result_value: result.result_value,
            result_text: result.result_text,
            result_calculated: result.result_calculated,
            result_censored: result.result_censored,
            result_unit: result.result_unit ?? line.parameter_unit_after_calc ?? line.parameter_unit,
            result_range_min: result.result_range_min,
            result_range_max: result.result_range_max,
            result_flags: result.result_flags,
            anteriority: previous
              ? {
                  collected_at: previous.collected_at,
                  result_value: previous.result_value,
                  result_text: previous.result_text,
                  result_calculated: previous.result_calculated,
                  result_censored: previous.result_censored,
                  result_unit: previous.result_unit,
                }
              : null,
          },
        ];
      }),
    );
}
