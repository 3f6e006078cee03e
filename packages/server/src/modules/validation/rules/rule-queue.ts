import type { RuleQueueEntry, ValidationRuleRow } from '@sil/contract';
import type { Db } from '../../../db/open.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { nonconformitiesOf } from '../../nonconformities/index.js';
import { recordsToValidate } from '../queries.js';
import { recordPreview } from '../reads.js';
import { ruleFailures } from './evaluate.js';
import { rulesOfLaboratory } from './queries.js';

/** How many waiting records the rules are asked of at once: the validation queue's own length. */
const QUEUE_LENGTH = 200;

export const rulesByAnalysis = async (db: Db, laboratoryId: string) =>
  new Map<string, ValidationRuleRow>(
    (await rulesOfLaboratory(db, laboratoryId)).map((rule) => [rule.rule_analysis, rule]),
  );

/** A record as the rules read it: its preview and the analyses marked not done (ANE). */
export async function recordUnderRules(
  db: Db,
  auth: Authenticated,
  recordId: string,
  rules: ReadonlyMap<string, ValidationRuleRow>,
) {
  const preview = await recordPreview(db, auth, recordId);
  const { anes } = await nonconformitiesOf(db, recordId);
  const reasons = ruleFailures(preview, rules, new Set(anes.map((ane) => ane.ane_analysis)));
  return { preview, reasons };
}

/** The records pending validation in the queue's order, each passing or with why it does not. */
export async function ruleValidationQueue(db: Db, auth: Authenticated): Promise<RuleQueueEntry[]> {
  const rules = await rulesByAnalysis(db, auth.user.laboratory_id);
  const waiting = await recordsToValidate(db, auth.user.laboratory_id, { limit: QUEUE_LENGTH });
  const entries: RuleQueueEntry[] = [];
  // One record after the other: each read is a handful of indexed queries on one connection.
  for (const record of waiting) {
    const { reasons } = await recordUnderRules(db, auth, record.record_id, rules);
    entries.push({
      record_id: record.record_id,
      record_number: record.record_number,
      record_is_urgent: record.record_is_urgent,
      patient_surname: record.patient_surname,
      patient_name: record.patient_name,
      passes: reasons.length === 0,
      reasons,
    });
  }
  return entries;
}
