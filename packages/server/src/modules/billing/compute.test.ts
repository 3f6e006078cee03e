import { describe, expect, it } from 'vitest';
import { actAmountCents, type BillableAct, computeBill } from './compute.js';

const act = (code: string, coefficient: number, extra: Partial<BillableAct> = {}): BillableAct => ({
  nabm_code: code,
  nabm_wording: `Act ${code}`,
  nabm_coef_b: coefficient,
  nabm_refund: true,
  nabm_creation_date: '2000-01-01',
  nabm_end_date: null,
  nabm_max_num_code: null,
  nabm_spec_rule_num: null,
  nabm_spec_rule_max: null,
  nabm_incompatible_codes: [],
  ...extra,
});
const table = (...acts: BillableAct[]) => new Map(acts.map((a) => [a.nabm_code, a]));
const analysis = (id: number, codes: string[], cost: number | null = null) => ({
  analysis_id: `00000000-0000-4000-8000-00000000000${id}`,
  analysis_name: `Analysis ${id}`,
  analysis_nabm_codes: codes,
  analysis_custom_cost_cents: cost,
});

describe('the bill of a prescription', () => {
  it('rounds coefficient × B to the cent', () => {
    expect(actAmountCents(26, 27)).toBe(702);
    expect(actAmountCents(7.5, 27)).toBe(203); // 202.5 rounds up
    expect(actAmountCents(0.01, 27)).toBe(0);
  });

  // Hand-computed with B = 0.27 EUR: 1104 (26 B) 7.02, 1610 (22 B) 5.94, 1209 (54 B) 14.58, whose
  // incompatible 1207 (27 B) goes; a non-refundable act of 40 B is 10.80 on the quote with a
  // custom cost of 15.00. Total 27.54, Total quote 25.80.
  const acts = table(
    act('1104', 26),
    act('1610', 22),
    act('1209', 54, { nabm_incompatible_codes: ['1207'] }),
    act('1207', 27),
    act('N001', 40, { nabm_refund: false }),
  );
  const analyses = [
    analysis(1, ['1104']),
    analysis(2, ['1610']),
    analysis(3, ['1207']),
    analysis(4, ['1209']),
    analysis(5, ['N001'], 1500),
  ];

  it('bills refundable acts, drops the lesser act of an incompatible pair and quotes the rest', () => {
    const bill = computeBill({ date: '2026-11-20', bValueCents: 27, insured: true, analyses, acts });
    expect(bill.total_cents).toBe(2754);
    expect(bill.total_quote_cents).toBe(2580);
    expect(bill.to_pay_cents).toBe(2580);
    expect(bill.rules_applied).toEqual(['incompatibleActs']);
    const dropped = bill.acts.find((line) => line.nabm_code === '1207');
    expect(dropped).toMatchObject({
      billed: false,
      rule: 'incompatibleActs',
      rule_with: '1209',
      amount_cents: 729,
    });
    expect(bill.acts.find((line) => line.nabm_code === 'N001')).toMatchObject({
      billed: true,
      nabm_refund: false,
      amount_cents: 1080,
    });
    expect(bill.costs).toEqual([
      { analysis_id: analyses[4]?.analysis_id, analysis_name: 'Analysis 5', amount_cents: 1500 },
    ]);
  });

  it('makes the patient pay the refundable acts without insurance cover', () => {
    const bill = computeBill({ date: '2026-11-20', bValueCents: 27, insured: false, analyses, acts });
    expect(bill.to_pay_cents).toBe(2754 + 2580);
  });

  it('bills an act only when it is in force on the prescription date', () => {
    const dated = table(
      act('0593', 7, { nabm_creation_date: '2017-04-01' }),
      act('0592', 5, { nabm_end_date: '2017-04-01' }),
    );
    const before = computeBill({
      date: '2017-03-31',
      bValueCents: 27,
      insured: true,
      analyses: [analysis(1, ['0593', '0592'])],
      acts: dated,
    });
    expect(before.acts.map((line) => [line.nabm_code, line.rule])).toEqual([
      ['0593', 'actNotValidOnDate'],
      ['0592', null],
    ]);
    expect(before.total_cents).toBe(135);
    const after = computeBill({
      ...{ date: '2017-04-01', bValueCents: 27, insured: true },
      analyses: [analysis(1, ['0593', '0592'])],
      acts: dated,
    });
    expect(after.total_cents).toBe(189);
    expect(after.acts.find((line) => line.nabm_code === '0592')?.rule).toBe('actNotValidOnDate');
  });

  it('names unknown codes and the maximum count of one act', () => {
    const bill = computeBill({
      date: '2026-01-01',
      bValueCents: 27,
      insured: true,
      analyses: [analysis(1, ['1104']), analysis(2, ['1104']), analysis(3, ['9999'])],
      acts: table(act('1104', 26, { nabm_max_num_code: 1 })),
    });
    expect(bill.acts.map((line) => line.rule)).toEqual([null, 'maxCountPerAct', 'unknownAct']);
    expect(bill.total_cents).toBe(702);
    expect(bill.rules_applied).toEqual(['unknownAct', 'maxCountPerAct']);
  });

  it('keeps the best-paid acts of a special rule up to its limit', () => {
    const rule = { nabm_spec_rule_num: '4', nabm_spec_rule_max: 2 };
    const bill = computeBill({
      date: '2026-01-01',
      bValueCents: 27,
      insured: true,
      analyses: [analysis(1, ['0001', '0002', '0003'])],
      acts: table(act('0001', 10, rule), act('0002', 30, rule), act('0003', 20, rule)),
    });
    expect(bill.acts.map((line) => [line.nabm_code, line.rule, line.rule_limit])).toEqual([
      ['0001', 'specialRuleLimit', 2],
      ['0002', null, null],
      ['0003', null, null],
    ]);
    expect(bill.total_cents).toBe(actAmountCents(50, 27));
  });

  it('bills at most eight refundable acts per prescription, the best-paid ones', () => {
    const codes = Array.from({ length: 9 }, (_, index) => `10${String(index).padStart(2, '0')}`);
    const bill = computeBill({
      date: '2026-01-01',
      bValueCents: 27,
      insured: true,
      analyses: [analysis(1, codes)],
      acts: table(...codes.map((code, index) => act(code, 10 + index))),
    });
    expect(
      bill.acts.filter((line) => !line.billed).map((line) => [line.nabm_code, line.rule, line.rule_limit]),
    ).toEqual([['1000', 'maxActsPerPrescription', 8]]);
    // 11 + 12 + … + 18 = 116 B.
    expect(bill.total_cents).toBe(116 * 27);
  });
});
