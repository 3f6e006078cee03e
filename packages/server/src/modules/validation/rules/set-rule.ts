import type { SetValidationRuleBody } from '@sil/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/open.js';
import { validationRules } from '../../../db/schema/validation-rules.js';
import { type Authenticated, actorOf } from '../../../lib/auth-context.js';
import { updateIfUnchanged } from '../../../lib/concurrency.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { analysisOfLaboratory, presentRule } from './queries.js';

type Checks = Omit<SetValidationRuleBody, 'rule_analysis' | 'rule_last_updated'>;

/**
 * Writes an analysis' rule whole: created when the biologist read none (stamp null), otherwise
 * changed only if nobody changed it since it was read. Traced like any reference data (migration
 * 0056 attaches the audit trigger).
 */
export const setValidationRule = (
  db: Db,
  auth: Authenticated,
  input: Checks & { rule_analysis: string; rule_last_updated: string | null },
) =>
  writeTransaction(db, actorOf(auth), async (tx) => {
    const laboratoryId = auth.user.laboratory_id;
    const analysis =
      (await analysisOfLaboratory(tx, laboratoryId, input.rule_analysis)) ?? fail('analysisNotFound');
    const checks = {
      rule_in_range: Boolean(input.rule_in_range),
      rule_delta: Boolean(input.rule_delta),
      rule_no_marks: Boolean(input.rule_no_marks),
      rule_no_comment: Boolean(input.rule_no_comment),
      rule_patient_not_flagged: Boolean(input.rule_patient_not_flagged),
    };
    const ofAnalysis = and(
      eq(validationRules.laboratory_id, laboratoryId),
      eq(validationRules.rule_analysis, analysis.analysis_id),
    );
    const [existing] = await tx.select().from(validationRules).where(ofAnalysis).for('update');
    if (!existing) {
      if (input.rule_last_updated !== null) fail('staleUpdate');
      const [created] = await tx
        .insert(validationRules)
        .values({ laboratory_id: laboratoryId, rule_analysis: analysis.analysis_id, ...checks })
        .returning();
      return presentRule(created ?? fail('analysisNotFound'), analysis.analysis_name);
    }
    const stamp = input.rule_last_updated ?? fail('staleUpdate');
    const updated = await updateIfUnchanged(
      tx,
      validationRules,
      {
        idColumn: validationRules.rule_id,
        id: existing.rule_id,
        stampColumn: validationRules.rule_last_updated,
        stamp,
      },
      checks,
      'analysisNotFound',
    );
    return presentRule(updated, analysis.analysis_name);
  });

/** Removes an analysis' rule: its records are validated one by one again. */
export const deleteValidationRule = (db: Db, auth: Authenticated, analysisId: string) =>
  writeTransaction(db, actorOf(auth), async (tx) => {
    const deleted = await tx
      .delete(validationRules)
      .where(
        and(
          eq(validationRules.laboratory_id, auth.user.laboratory_id),
          eq(validationRules.rule_analysis, analysisId),
        ),
      )
      .returning({ rule_id: validationRules.rule_id });
    return { deleted: deleted.length > 0 };
  });
