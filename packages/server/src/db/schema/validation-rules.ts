import { boolean, pgTable, unique, uuid } from 'drizzle-orm/pg-core';
import { analyses } from './catalogue.js';
import { id, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';

/**
 * Rule-assisted validation (issue 40): per analysis, the checks a biologist asks of a record before
 * validating it in one action with others. Each column is one check; a record passes when every
 * analysis it orders has a rule and every ticked check holds (modules/validation/rules).
 */
export const validationRules = pgTable(
  'validation_rules',
  {
    rule_id: id('rule_id'),
    laboratory_id: uuid('laboratory_id')
      .notNull()
      .references(() => laboratories.laboratory_id),
    rule_analysis: uuid('rule_analysis')
      .notNull()
      .references(() => analyses.analysis_id, { onDelete: 'cascade' }),
    rule_in_range: boolean('rule_in_range').notNull().default(true),
    rule_delta: boolean('rule_delta').notNull().default(true),
    rule_no_marks: boolean('rule_no_marks').notNull().default(true),
    rule_no_comment: boolean('rule_no_comment').notNull().default(true),
    rule_patient_not_flagged: boolean('rule_patient_not_flagged').notNull().default(true),
    rule_last_updated: stampNow('rule_last_updated'),
  },
  (t) => [unique('validation_rules_one_per_analysis').on(t.laboratory_id, t.rule_analysis)],
);
