import { all, create } from 'mathjs';
import { type FormulaParse, installFormulaParser } from './formula.js';

let cachedParse: FormulaParse | undefined;

/**
 * Builds the restricted instance on first use, so that importing this module costs nothing until a
 * formula is checked. Numbers are plain doubles and `predictable` keeps results real (sqrt(-1) is
 * NaN, not a complex number), so a non-number never reaches the caller.
 */
function restrictedParse(): FormulaParse {
  if (cachedParse) return cachedParse;
  // The typings mark `all` optional for custom bundles; the full mathjs package always has it.
  const math = create(all!, { number: 'number', predictable: true });
  // Kept before the namespace entry is disabled: formulas are parsed here and nowhere else.
  const mathParse = math.parse;
  const parse: FormulaParse = (text) => mathParse(text);
  const disabled = (name: string) => () => {
    throw new Error(`Function ${name} is disabled`);
  };
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
