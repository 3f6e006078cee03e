import { SAMPLE_STATUS, type ValidateByRulesAnswer, type ValidateByRulesBody } from '@sil/contract';
import type { Authenticated } from '../../../lib/auth-context.js';
import { AppError, databaseRefusal } from '../../../lib/errors.js';
import { type ValidationDeps, validateRecord } from '../validate.js';
import { rulesApplied } from './evaluate.js';
import { recordUnderRules, rulesByAnalysis } from './rule-queue.js';

/** A refusal's catalogue code; anything else is a fault, which stops the batch. */
function refusalOf(error: unknown): string {
  const refusal = error instanceof AppError ? error : databaseRefusal(error);
  if (!refusal) throw error;
  return refusal.code;
}

/**
 * Validates, as the caller, each chosen record that still passes every rule of its analyses: its
 * ready samples through validate-record itself (same checks, report, delivery and trace), the
 * trace's comment naming the rules applied. The rules are asked again here, not taken from the
 * queue the biologist read: a result may have changed since. One record's refusal leaves the
 * others validated; it comes back with the reasons, or the code validate-record refused it with.
 */
export async function validateByRules(
  deps: ValidationDeps,
  auth: Authenticated,
  input: ValidateByRulesBody,
): Promise<ValidateByRulesAnswer> {
  const rules = await rulesByAnalysis(deps.db, auth.user.laboratory_id);
  const answer: ValidateByRulesAnswer = { validated: [], skipped: [] };
  for (const recordId of input.record_ids) {
    let checked: Awaited<ReturnType<typeof recordUnderRules>>;
    try {
      checked = await recordUnderRules(deps.db, auth, recordId, rules);
    } catch (error) {
      answer.skipped.push({ record_id: recordId, reasons: [], code: refusalOf(error) });
      continue;
    }
    const { preview, reasons } = checked;
    if (reasons.length > 0) {
      answer.skipped.push({ record_id: recordId, reasons, code: null });
      continue;
    }
    const ready = preview.samples
      .filter((entry) => entry.sample.sample_status === SAMPLE_STATUS.removed)
      .map((entry) => entry.sample.sample_id);
    try {
      await validateRecord(
        deps,
        auth,
        { record_id: recordId, sample_ids: ready },
        {
          comment: `rule-assisted validation · ${rulesApplied(preview, rules)}`,
        },
      );
      answer.validated.push(recordId);
    } catch (error) {
      answer.skipped.push({ record_id: recordId, reasons: [], code: refusalOf(error) });
    }
  }
  return answer;
}
