import {
  absDependencies,
  addDependencies,
  andDependencies,
  cbrtDependencies,
  ceilDependencies,
  create,
  divideDependencies,
  expDependencies,
  type FactoryFunctionMap,
  floorDependencies,
  largerDependencies,
  largerEqDependencies,
  log2Dependencies,
  log10Dependencies,
  logDependencies,
  maxDependencies,
  minDependencies,
  modDependencies,
  multiplyDependencies,
  notDependencies,
  orDependencies,
  parseDependencies,
  powDependencies,
  roundDependencies,
  smallerDependencies,
  smallerEqDependencies,
  sqrtDependencies,
  subtractDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
} from 'mathjs';
import { type FormulaParse, installFormulaParser } from './formula.js';

/**
 * What a formula can reach once parsed (formula.ts): the parser, the functions of the operators it
 * allows ('%' is `mod`; `<`, `and`... are those of a `when` condition) and FORMULA_FUNCTIONS but
 * `when`, which comes with the values. Building mathjs from these factories alone, rather than from
 * `all`, keeps the rest of the library out of reach and out of the web's formula screens (their
 * chunk went from 190 to 101 KB gzipped). They are the full library's factories, not the
 * number-only build's, so results stay those of `all`: round's tolerance for binary noise, real
 * roots of negative numbers in `predictable` mode (formula-engine.test.ts).
 */
const formulaFactories = {
  parseDependencies,
  addDependencies,
  subtractDependencies,
  multiplyDependencies,
  divideDependencies,
  powDependencies,
  modDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
  smallerDependencies,
  smallerEqDependencies,
  largerDependencies,
  largerEqDependencies,
  andDependencies,
  orDependencies,
  notDependencies,
  absDependencies,
  roundDependencies,
  floorDependencies,
  ceilDependencies,
  sqrtDependencies,
  cbrtDependencies,
  expDependencies,
  logDependencies,
  log10Dependencies,
  log2Dependencies,
  minDependencies,
  maxDependencies,
};

/** The typings mark each set optional (the number-only build lacks some); the full package has them all. */
function present(factories: Record<string, FactoryFunctionMap | undefined>): FactoryFunctionMap {
  for (const [name, factory] of Object.entries(factories)) {
    if (!factory) throw new Error(`mathjs has no ${name}`);
  }
  return factories as FactoryFunctionMap;
}

let cachedParse: FormulaParse | undefined;

/**
 * Builds the restricted instance on first use, so that importing this module costs nothing until a
 * formula is checked. Numbers are plain doubles and `predictable` keeps results real (sqrt(-1) is
 * NaN, not a complex number), so a non-number never reaches the caller.
 */
function restrictedParse(): FormulaParse {
  if (cachedParse) return cachedParse;
  const math = create(present(formulaFactories), { number: 'number', predictable: true });
  // Kept before the namespace entry is disabled: formulas are parsed here and nowhere else.
  const mathParse = math.parse;
  const parse: FormulaParse = (text) => mathParse(text);
  const disabled = (name: string) => () => {
    throw new Error(`Function ${name} is disabled`);
  };
  // The mathjs security list, whole: most of these are not built from the factories above, and
  // disabling them as well keeps them closed should a factory added later bring one in.
  const names = [
    'import',
    'createUnit',
    'reviver',
    'replacer',
    'evaluate',
    'parse',
    'parser',
    'compile',
    'simplify',
    'simplifyConstant',
    'simplifyCore',
    'rationalize',
    'derivative',
    'resolve',
    'leafCount',
    'symbolicEqual',
  ];
  math.import(Object.fromEntries(names.map((name) => [name, disabled(name)])), { override: true });
  cachedParse = parse;
  return parse;
}

// Imported for this effect: from now on checkFormula and evaluateFormula parse with mathjs.
installFormulaParser((text) => restrictedParse()(text));
