import {
  type RecordPreview,
  type ResultFlag,
  type RuleReason,
  SAMPLE_STATUS,
  type ValidationRuleRow,
} from '@sil/contract';

/** Flags that put a result outside its range, for the rule 'all results inside their ranges'. */
const OUT_OF_RANGE: readonly ResultFlag[] = ['low', 'high', 'toxic', 'deadly'];

const reason = (
  failure: RuleReason['failure'],
  where: { analysis?: string | null; sample?: string | null; parameter?: string | null } = {},
): RuleReason => ({
  failure,
  analysis_name: where.analysis ?? null,
  sample_number: where.sample ?? null,
  parameter_name: where.parameter ?? null,
});

const filled = (text: string | null | undefined) => Boolean(text?.trim());

/**
 * Why a record pending validation does not pass its analyses' rules (empty: it passes). Every
 * ordered analysis needs a rule; every sample must be ready (removed) and every result entered,
 * whatever the rule; then each ticked check of an analysis' rule is asked of its results, samples,
 * record and patient. The record's ANEs are the analyses marked not done.
 */
export function ruleFailures(
  preview: RecordPreview,
  rules: ReadonlyMap<string, ValidationRuleRow>,
  aneAnalyses: ReadonlySet<string>,
): RuleReason[] {
  const { record, samples } = preview;
  const reasons: RuleReason[] = [];
  const analysisName = new Map(record.record_analyses.map((each) => [each.analysis_id, each.analysis_name]));
  for (const [analysisId, name] of analysisName)
    if (!rules.has(analysisId)) reasons.push(reason('noRule', { analysis: name }));
  const ticked = (analysisId: string, check: keyof ValidationRuleRow) =>
    rules.get(analysisId)?.[check] === true;
  const anyTicked = (check: keyof ValidationRuleRow) =>
    [...rules.keys()].some((analysisId) => analysisName.has(analysisId) && ticked(analysisId, check));

  for (const { sample, lines } of samples) {
    const where = { sample: sample.sample_number };
    if (sample.sample_status !== SAMPLE_STATUS.removed && sample.sample_status < SAMPLE_STATUS.validated)
      reasons.push(reason('notReady', where));
    const analysesHere = new Set(lines.map((line) => line.analysis_id));
    const marksAsked = [...analysesHere].some((id) => ticked(id, 'rule_no_marks'));
    if (marksAsked && sample.sample_nct_active) reasons.push(reason('nct', where));
    if (marksAsked && sample.sample_lbloc_flag) reasons.push(reason('lbloc', where));
    const commentAsked = [...analysesHere].some((id) => ticked(id, 'rule_no_comment'));
    if (commentAsked && (filled(sample.sample_observations) || filled(sample.sample_interpretation)))
      reasons.push(reason('comment', where));
    for (const line of lines) {
      const at = { ...where, analysis: line.analysis_name, parameter: line.parameter_name };
      if (aneAnalyses.has(line.analysis_id)) continue;
      if (!line.result) {
        reasons.push(reason('missingResult', at));
        continue;
      }
      if (
        ticked(line.analysis_id, 'rule_in_range') &&
        line.result.result_flags.some((flag) => OUT_OF_RANGE.includes(flag))
      )
        reasons.push(reason('outOfRange', at));
      if (ticked(line.analysis_id, 'rule_delta') && line.delta_check?.breach)
        reasons.push(reason('deltaBreach', at));
    }
  }
  for (const analysisId of aneAnalyses)
    if (ticked(analysisId, 'rule_no_marks'))
      reasons.push(reason('ane', { analysis: analysisName.get(analysisId) ?? null }));
  if (anyTicked('rule_no_marks') && record.record_lbloc_flag) reasons.push(reason('lbloc'));
  if (anyTicked('rule_no_comment') && filled(record.record_internal_notes)) reasons.push(reason('comment'));
  if (anyTicked('rule_patient_not_flagged') && filled(record.patient?.patient_internal_notes))
    reasons.push(reason('patientFlagged'));
  return reasons;
}

/** The rules a record was validated under, for its trace: 'Glucose: in_range, delta, no_marks'. */
export function rulesApplied(preview: RecordPreview, rules: ReadonlyMap<string, ValidationRuleRow>): string {
  const checks = ['in_range', 'delta', 'no_marks', 'no_comment', 'patient_not_flagged'] as const;
  return preview.record.record_analyses
    .map(({ analysis_id, analysis_name }) => {
      const rule = rules.get(analysis_id);
      const on = checks.filter((check) => rule?.[`rule_${check}`] === true);
      return `${analysis_name}: ${on.join(', ') || '—'}`;
    })
    .join('; ');
}
