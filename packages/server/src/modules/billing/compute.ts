import {
  BILLING_RULES,
  type BillingActLine,
  type BillingRule,
  NABM_MAX_ACTS_PER_PRESCRIPTION,
} from '@sil/contract/billing';

/** One act of the laboratory's NABM table, as billing reads it. */
export interface BillableAct {
  nabm_code: string;
  nabm_wording: string;
  nabm_coef_b: number;
  nabm_refund: boolean;
  nabm_creation_date: string | null;
  nabm_end_date: string | null;
  nabm_max_num_code: number | null;
  nabm_spec_rule_num: string | null;
  nabm_spec_rule_max: number | null;
  nabm_incompatible_codes: string[];
}

export interface BilledAnalysis {
  analysis_id: string;
  analysis_name: string;
  analysis_nabm_codes: string[];
  analysis_custom_cost_cents: number | null;
}

export interface BillingInput {
  /** YYYY-MM-DD: the prescription date. */
  date: string;
  bValueCents: number;
  insured: boolean;
  analyses: BilledAnalysis[];
  acts: ReadonlyMap<string, BillableAct>;
}

export interface BillingComputation {
  acts: BillingActLine[];
  costs: Array<{ analysis_id: string; analysis_name: string; amount_cents: number }>;
  total_cents: number;
  total_quote_cents: number;
  to_pay_cents: number;
  rules_applied: BillingRule[];
}

/** Coefficient × B value in cents, rounded to the cent (coefficients carry two decimals). */
export const actAmountCents = (coefficient: number, bValueCents: number): number =>
  Math.round((Math.round(coefficient * 100) * bValueCents) / 100);

const validOn = (act: BillableAct, date: string) =>
  (act.nabm_creation_date === null || act.nabm_creation_date <= date) &&
  (act.nabm_end_date === null || act.nabm_end_date > date);

/** Better-paid first; equal coefficients keep the order of the prescription. */
const byCoefficient = (a: BillingActLine, b: BillingActLine) => b.nabm_coef_b - a.nabm_coef_b;

/**
 * The bill of one prescription under the national rules of the NABM. Each act of each analysis is
 * a line; the rules take lines off the bill in a fixed order and name themselves on the line they
 * took off: validity on the prescription date, the maximum count of one act, incompatible pairs,
 * the limit of a special rule, then the maximum number of acts per prescription. Refundable acts
 * make 'Total' (the fee sheet); non-refundable acts and custom costs make 'Total quote'.
 */
export function computeBill(input: BillingInput): BillingComputation {
  const lines: BillingActLine[] = input.analyses.flatMap((analysis) =>
    analysis.analysis_nabm_codes.map((code) => {
      const act = input.acts.get(code);
      const coefficient = act?.nabm_coef_b ?? 0;
      return {
        analysis_id: analysis.analysis_id,
        analysis_name: analysis.analysis_name,
        nabm_code: code,
        nabm_wording: act?.nabm_wording ?? null,
        nabm_coef_b: coefficient,
        nabm_refund: act?.nabm_refund ?? true,
        amount_cents: actAmountCents(coefficient, input.bValueCents),
        billed: true,
        rule: null,
        rule_with: null,
        rule_limit: null,
      } satisfies BillingActLine;
    }),
  );
  const takeOff = (
    line: BillingActLine,
    rule: BillingRule,
    details: { with?: string; limit?: number } = {},
  ) => {
    line.billed = false;
    line.rule = rule;
    line.rule_with = details.with ?? null;
    line.rule_limit = details.limit ?? null;
  };
  const billed = () => lines.filter((line) => line.billed);
  const actOf = (line: BillingActLine) => input.acts.get(line.nabm_code);

  for (const line of lines) {
    const act = actOf(line);
    if (!act) takeOff(line, 'unknownAct');
    else if (!validOn(act, input.date)) takeOff(line, 'actNotValidOnDate');
  }

  const counts = new Map<string, number>();
  for (const line of billed()) {
    const max = actOf(line)?.nabm_max_num_code ?? null;
    const count = (counts.get(line.nabm_code) ?? 0) + 1;
    counts.set(line.nabm_code, count);
    if (max !== null && count > max) takeOff(line, 'maxCountPerAct', { limit: max });
  }

  // An incompatible pair keeps its better-paid act (either act may name the other).
  for (const line of [...billed()].sort(byCoefficient)) {
    if (!line.billed) continue;
    const act = actOf(line);
    for (const other of billed()) {
      if (other === line || other.nabm_code === line.nabm_code) continue;
      const otherAct = actOf(other);
      const incompatible =
        act?.nabm_incompatible_codes.includes(other.nabm_code) ||
        otherAct?.nabm_incompatible_codes.includes(line.nabm_code);
      if (incompatible) takeOff(other, 'incompatibleActs', { with: line.nabm_code });
    }
  }

  const perRule = new Map<string, number>();
  for (const line of [...billed()].sort(byCoefficient)) {
    const act = actOf(line);
    if (!act?.nabm_spec_rule_num || act.nabm_spec_rule_max === null) continue;
    const count = (perRule.get(act.nabm_spec_rule_num) ?? 0) + 1;
    perRule.set(act.nabm_spec_rule_num, count);
    if (count > act.nabm_spec_rule_max)
      takeOff(line, 'specialRuleLimit', { with: act.nabm_spec_rule_num, limit: act.nabm_spec_rule_max });
  }

  const refundable = billed()
    .filter((line) => line.nabm_refund)
    .sort(byCoefficient);
  for (const line of refundable.slice(NABM_MAX_ACTS_PER_PRESCRIPTION))
    takeOff(line, 'maxActsPerPrescription', { limit: NABM_MAX_ACTS_PER_PRESCRIPTION });

  const costs = input.analyses
    .filter((analysis) => (analysis.analysis_custom_cost_cents ?? 0) > 0)
    .map((analysis) => ({
      analysis_id: analysis.analysis_id,
      analysis_name: analysis.analysis_name,
      amount_cents: analysis.analysis_custom_cost_cents ?? 0,
    }));
  const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
  const total = sum(
    billed()
      .filter((line) => line.nabm_refund)
      .map((line) => line.amount_cents),
  );
  const quote =
    sum(
      billed()
        .filter((line) => !line.nabm_refund)
        .map((line) => line.amount_cents),
    ) + sum(costs.map((cost) => cost.amount_cents));
  const applied = new Set(
    lines.map((line) => line.rule).filter((rule): rule is BillingRule => rule !== null),
  );
  return {
    acts: lines,
    costs,
    total_cents: total,
    total_quote_cents: quote,
    to_pay_cents: quote + (input.insured ? 0 : total),
    rules_applied: BILLING_RULES.filter((rule) => applied.has(rule)),
  };
}
