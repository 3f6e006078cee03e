import { z } from 'zod';
import { formBoolean, lastUpdated } from '../fields.js';
import type { RouteDef } from '../route-def.js';
import { rowId, stamp } from '../rows/stamps.js';

/**
 * Rule-assisted validation (issue 40): the biologist says, per analysis, which checks a record must
 * pass to be validated in one action with others; the queue shows each record pending validation
 * with the checks it fails; validating the passing records is still the biologist's own act, each
 * record through validate-record, its trace naming the rules applied.
 */

/** The checks of a rule, each one a box the biologist ticks. */
export const VALIDATION_CHECKS = [
  'in_range',
  'delta',
  'no_marks',
  'no_comment',
  'patient_not_flagged',
] as const;
export type ValidationCheck = (typeof VALIDATION_CHECKS)[number];

const checks = {
  rule_in_range: formBoolean,
  rule_delta: formBoolean,
  rule_no_marks: formBoolean,
  rule_no_comment: formBoolean,
  rule_patient_not_flagged: formBoolean,
};

export const ValidationRuleRow = z.object({
  rule_id: rowId,
  rule_analysis: rowId,
  analysis_name: z.string(),
  rule_in_range: z.boolean(),
  rule_delta: z.boolean(),
  rule_no_marks: z.boolean(),
  rule_no_comment: z.boolean(),
  rule_patient_not_flagged: z.boolean(),
  rule_last_updated: stamp,
});
export type ValidationRuleRow = z.output<typeof ValidationRuleRow>;

/** A rule written whole; `rule_last_updated` as read for a rule already there (none: null). */
export const SetValidationRuleBody = z.object({
  rule_analysis: rowId,
  rule_last_updated: lastUpdated.nullable(),
  ...checks,
});
export type SetValidationRuleBody = z.input<typeof SetValidationRuleBody>;

export const DeleteValidationRuleBody = z.object({ rule_analysis: rowId });

/**
 * Why a record does not pass: a failed check (with the analysis, sample and parameter it fails on),
 * an analysis without a rule, or a result not entered.
 */
export const RULE_FAILURES = [
  'noRule',
  'missingResult',
  'outOfRange',
  'deltaBreach',
  'nct',
  'lbloc',
  'ane',
  'comment',
  'patientFlagged',
  'notReady',
] as const;
export type RuleFailure = (typeof RULE_FAILURES)[number];

export const RuleReason = z.object({
  failure: z.enum(RULE_FAILURES),
  analysis_name: z.string().nullable(),
  sample_number: z.string().nullable(),
  parameter_name: z.string().nullable(),
});
export type RuleReason = z.output<typeof RuleReason>;

export const RuleQueueEntry = z.object({
  record_id: rowId,
  record_number: z.string(),
  record_is_urgent: z.boolean(),
  patient_surname: z.string().nullable(),
  patient_name: z.string().nullable(),
  passes: z.boolean(),
  reasons: z.array(RuleReason),
});
export type RuleQueueEntry = z.output<typeof RuleQueueEntry>;

/** The records to validate by the rules: those the biologist saw passing on the queue. */
export const ValidateByRulesBody = z.object({
  record_ids: z
    .array(z.uuid())
    .min(1)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'one entry per record' }),
});
export type ValidateByRulesBody = z.input<typeof ValidateByRulesBody>;

/** What was validated, and what was not with why (a record may have changed since it was read). */
export const ValidateByRulesAnswer = z.object({
  validated: z.array(rowId),
  skipped: z.array(z.object({ record_id: rowId, reasons: z.array(RuleReason), code: z.string().nullable() })),
});
export type ValidateByRulesAnswer = z.output<typeof ValidateByRulesAnswer>;

const validation = { kind: 'special', right: 'validation_admin' } as const;

export const validationRuleRoutes = {
  getValidationRules: {
    method: 'GET',
    path: '/api/get-validation-rules',
    access: validation,
    summary: "The laboratory's rule-assisted validation rules, one per analysis",
    response: z.array(ValidationRuleRow),
  },
  setValidationRule: {
    method: 'PUT',
    path: '/api/set-validation-rule',
    access: validation,
    summary: 'Write the rule of an analysis (its checks), created when absent',
    body: SetValidationRuleBody,
    response: ValidationRuleRow,
    errors: ['analysisNotFound', 'staleUpdate'],
  },
  deleteValidationRule: {
    method: 'DELETE',
    path: '/api/delete-validation-rule',
    access: validation,
    summary: 'Remove the rule of an analysis: its records are then validated one by one',
    body: DeleteValidationRuleBody,
    response: z.object({ deleted: z.boolean() }),
  },
  getRuleValidationQueue: {
    method: 'GET',
    path: '/api/get-rule-validation-queue',
    access: validation,
    summary: 'Records pending validation, each with whether it passes every rule of its analyses, or why not',
    response: z.array(RuleQueueEntry),
  },
  validateByRules: {
    method: 'PUT',
    path: '/api/validate-by-rules',
    access: validation,
    summary:
      'Validate, as the caller, each chosen record that still passes every rule (all its ready samples, as validate-record does, the trace naming the rules); the others are answered with why',
    body: ValidateByRulesBody,
    response: ValidateByRulesAnswer,
  },
} as const satisfies Record<string, RouteDef>;
