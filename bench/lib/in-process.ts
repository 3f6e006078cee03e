import '@sil/contract/formula-engine';
import { evaluateFormula } from '@sil/contract';
import { type Figure, rounded } from './figures.js';
import { measureReports } from './reports.js';

/** The demo catalogue's eGFR (CKD-EPI 2009, female): the heaviest formula a busy bench runs per record. */
const EGFR =
  '141 * pow(min($CREA / 88.4 / 0.7, 1), -0.329) * pow(max($CREA / 88.4 / 0.7, 1), -1.209) * pow(0.993, age) * 1.018';

/**
 * Formulas evaluated one after the other, each parsed and checked as the server does for every
 * calculated result (no cache between calls), after a warm-up.
 */
function measureFormulas(count = 20_000): Figure {
  const evaluate = (index: number) => {
    const result = evaluateFormula(EGFR, { $CREA: 60 + (index % 80), age: 20 + (index % 70) });
    if (!result.ok) throw new Error(`the eGFR formula failed: ${result.error} ${result.detail}`);
  };
  for (let index = 0; index < 1_000; index++) evaluate(index);
  const started = performance.now();
  for (let index = 0; index < count; index++) evaluate(index);
  const elapsed = performance.now() - started;
  return {
    figure: 'formula_eval_per_s',
    database: 'none',
    value: rounded((count * 1000) / elapsed),
    unit: 'formulas/s',
  };
}

/** The figures that need neither a server nor a database: they run on any Node the project installs. */
export async function measureInProcess(): Promise<Figure[]> {
  return [...(await measureReports(Number(process.env.BENCH_REPORTS ?? 200))), measureFormulas()];
}
