import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  checkFormula,
  evaluateFormula,
  isOutOfBounds,
  isValidLoinc,
  parameterBoundsProblems,
  REFERENCE_RANGE_CATEGORIES,
} from '@sil/contract';
import '@sil/contract/formula-engine';
import { describe, expect, it } from 'vitest';
import { ANALYSES, DEMO_LOINC, DEMO_PLAUSIBLE, NABM_ACTS } from './demo-catalogue-data.js';

const parameters = ANALYSES.flatMap((analysis) => analysis.parameters);
const limits = (code: string) => {
  const [min, max] = DEMO_PLAUSIBLE[code] ?? [null, null];
  return { parameter_plausible_min: min, parameter_plausible_max: max };
};
/** The national NABM table kept beside the repository (never copied into it). */
const NABM_TABLE = path.resolve(import.meta.dirname, '../../../../../shared/data/nabm/IR_BIO_R.csv');

describe('the demo catalogue', () => {
  it('codes its parameters with valid LOINC codes, each naming a parameter of the catalogue', () => {
    const codes = new Set(parameters.map((p) => p.code));
    for (const [code, loinc] of Object.entries(DEMO_LOINC)) {
      expect(codes.has(code), code).toBe(true);
      expect(isValidLoinc(loinc), `${code}: ${loinc}`).toBe(true);
    }
    expect(Object.keys(DEMO_LOINC).length).toBeGreaterThanOrEqual(30);
  });

  it('has about thirty analyses, uniquely named parameters and codes', () => {
    expect(ANALYSES.length).toBeGreaterThanOrEqual(28);
    expect(new Set(ANALYSES.map((a) => a.name)).size).toBe(ANALYSES.length);
    expect(new Set(parameters.map((p) => p.name)).size).toBe(parameters.length);
    expect(new Set(parameters.map((p) => p.code)).size).toBe(parameters.length);
  });

  it('writes formulas the restricted evaluator accepts, and ranges whose bounds are in order', () => {
    for (const parameter of parameters) {
      for (const formula of [parameter.formula, parameter.formulaMale, parameter.formulaFemale]) {
        if (formula)
          expect(checkFormula(formula), `${parameter.name}: ${formula}`).toMatchObject({ ok: true });
      }
      const ranges = (parameter.ranges ?? []).map(([population, min, max]) => ({ population, min, max }));
      for (const range of ranges) expect(REFERENCE_RANGE_CATEGORIES).toContain(range.population);
      expect(
        parameterBoundsProblems({
          parameter_ranges: ranges,
          parameter_lower_detection_limit: parameter.lod ?? null,
          parameter_upper_detection_limit: parameter.upperLimit ?? null,
          parameter_zones: parameter.zones ?? {},
        }),
        parameter.name,
      ).toEqual([]);
    }
  });

  it('calculates LDL and non-HDL from results of the lipid profile that exist', () => {
    const codes = new Set(parameters.map((p) => p.code));
    for (const parameter of parameters) {
      const check = checkFormula(parameter.formula ?? '');
      if (check.ok) for (const code of check.references) expect(codes, parameter.name).toContain(code);
    }
    const ldl = parameters.find((p) => p.code === 'LDL');
    expect(evaluateFormula(ldl?.formula, { $CT: 5.48, $HDL: 1.5, $TG: 1.2 })).toMatchObject({ ok: true });
    expect(evaluateFormula(ldl?.formula, { $CT: 8, $HDL: 1, $TG: 5 })).toMatchObject({
      error: 'conditionNotMet',
    });
  });

  it('computes a CKD-EPI 2009 eGFR close to published worked values, from the creatinine result', () => {
    const egfr = parameters.find((p) => p.code === 'DFG');
    for (const formula of [egfr?.formula, egfr?.formulaMale, egfr?.formulaFemale])
      expect(checkFormula(formula ?? ''), formula).toMatchObject({ ok: true, references: ['CREA'] });
    // Worked by hand from the published equation: a woman of 60 with creatinine 1.0 mg/dL (88.4 µmol/L)
    // has 61 mL/min/1.73 m², a man of 60 with 1.2 mg/dL has 65.
    const woman = evaluateFormula(egfr?.formulaFemale, { $CREA: 88.4, age: 60 });
    const man = evaluateFormula(egfr?.formulaMale, { $CREA: 1.2 * 88.4, age: 60 });
    expect(woman.ok && Math.round(woman.value)).toBe(61);
    expect(man.ok && Math.round(man.value)).toBe(65);
  });

  it('gives every typed parameter plausibility limits that hold its detection limits and ranges', () => {
    const typed = parameters.filter((p) => {
      const check = checkFormula(p.formula ?? '');
      return !(check.ok && check.references.length > 0);
    });
    expect(Object.keys(DEMO_PLAUSIBLE).sort()).toEqual(typed.map((p) => p.code).sort());
    for (const parameter of typed) {
      const definition = {
        ...limits(parameter.code),
        parameter_lower_detection_limit: parameter.lod ?? null,
        parameter_upper_detection_limit: parameter.upperLimit ?? null,
      };
      expect(parameterBoundsProblems(definition), parameter.name).toEqual([]);
      // A reference range or a zone bound is a value the parameter can have.
      const bounds = [
        ...(parameter.ranges ?? []).flatMap(([, low, high]) => [low, high]),
        ...Object.values(parameter.zones ?? {}).flatMap((zone) => [zone.min, zone.max]),
        parameter.threshold ?? null,
      ];
      for (const bound of bounds)
        if (bound !== null)
          expect(isOutOfBounds(bound, definition), `${parameter.name}: ${bound}`).toBe(false);
      expect(isOutOfBounds(-1, definition), parameter.name).toBe(true);
    }
    // Haemoglobin: a minus typed, or grams per litre typed as grams per decilitre, is refused.
    const haemoglobin = { ...limits('HB'), parameter_lower_detection_limit: null };
    expect([-5, 0, 13.5, 30, 135].map((value) => isOutOfBounds(value, haemoglobin))).toEqual([
      true,
      false,
      false,
      false,
      true,
    ]);
  });

  it('bills only acts it defines', () => {
    const defined = new Set(NABM_ACTS.map((act) => act.code));
    for (const analysis of ANALYSES)
      for (const code of analysis.nabm) expect(defined, analysis.name).toContain(code);
  });

  it.skipIf(!existsSync(NABM_TABLE))('gives each act the code and coefficient of the national table', () => {
    const table = new Map(
      readFileSync(NABM_TABLE, 'latin1')
        .split('\n')
        .slice(1)
        .map((line) => line.split(';'))
        .map((columns) => [String(columns[0]).padStart(4, '0'), Number(columns.at(-1))]),
    );
    for (const act of NABM_ACTS) expect(table.get(act.code), act.code).toBe(act.coef);
  });
});
