import type { MathNode } from 'mathjs';

/**
 * Parameter formulas (spec.md §3 'Parameter'): a laboratory writes how a calculated result follows
 * from the raw result and the patient, for example `x * 0.0555` or `round(x / weight, 2)`.
 *
 * Formulas are typed by laboratory staff and evaluated on the server and in the browser, so they are
 * treated as untrusted input twice over:
 * 1. the mathjs instance has the functions that reach the parser or change the instance disabled,
 *    as the mathjs 'Expression parser → Security' page recommends;
 * 2. every parsed tree is walked and must consist only of numbers, the variables below, the
 *    arithmetic operators and the allow-listed functions. Anything else is refused before it is
 *    ever compiled, so the first layer is only a safety net.
 */

/**
 * Variables a formula may use. `x` is the raw result; the others describe the patient at the time
 * of sampling. `sex` is 1 for a male and 0 for a female patient; `pregnant` is 1 or 0.
 */
export const FORMULA_VARIABLES = ['x', 'age', 'weight', 'height', 'sex', 'pregnant'] as const;
export type FormulaVariable = (typeof FORMULA_VARIABLES)[number];

/** Functions a formula may call, with the number of arguments each accepts. */
export const FORMULA_FUNCTIONS = {
  abs: [1, 1],
  round: [1, 2],
  floor: [1, 1],
  ceil: [1, 1],
  sqrt: [1, 1],
  cbrt: [1, 1],
  exp: [1, 1],
  log: [1, 2],
  log10: [1, 1],
  log2: [1, 1],
  min: [1, 20],
  max: [1, 20],
  pow: [2, 2],
} as const satisfies Record<string, readonly [number, number]>;
export type FormulaFunction = keyof typeof FORMULA_FUNCTIONS;

/**
 * Operators allowed in formulas, by their written symbol. '^' is the power; '%' is the modulo with
 * the sign of the divisor (mathjs `mod`: `-7 % 3` is 2, where JavaScript gives -1).
 */
const ALLOWED_OPERATORS = new Set(['+', '-', '*', '/', '^', '%']);

/** Longer texts are refused: lab formulas are short, and the parser's cost grows with length. */
export const FORMULA_MAX_LENGTH = 500;

export const FORMULA_ERROR_CODES = [
  'tooLong',
  'syntax',
  'forbidden',
  'unknownVariable',
  'unknownFunction',
  'argumentCount',
  'missingVariable',
  'invalidArgument',
  'notFinite',
] as const;
export type FormulaErrorCode = (typeof FORMULA_ERROR_CODES)[number];

export interface FormulaError {
  ok: false;
  error: FormulaErrorCode;
  /** The offending name, node type or parser message; for logs and the parameter form. */
  detail: string;
}
export type FormulaCheck = { ok: true; variables: string[] } | FormulaError;
export type FormulaResult = { ok: true; value: number } | FormulaError;

/** Patient values given to a formula; a missing or null value makes formulas using it fail. */
export type FormulaScope = Partial<Record<string, number | null | undefined>>;

export type FormulaParse = (text: string) => MathNode;

let installedParse: FormulaParse | undefined;

/**
 * The restricted mathjs parser is installed by `@sil/contract/formula-engine` (formula-engine.ts),
 * imported by the server and by the web screens that edit formulas only: mathjs is the largest
 * library of the web app, and the login page or a records list has no use for it.
 */
export function installFormulaParser(parse: FormulaParse): void {
  installedParse = parse;
}

function restrictedParse(): FormulaParse {
  if (!installedParse) {
    throw new Error('No formula parser: import @sil/contract/formula-engine where formulas are checked');
  }
  return installedParse;
}

function fail(error: FormulaErrorCode, detail: string): FormulaError {
  return { ok: false, error, detail };
}

function isAllowedFunction(name: string): name is FormulaFunction {
  return Object.hasOwn(FORMULA_FUNCTIONS, name);
}

/**
 * Walks the tree and returns the first reason to refuse it, collecting the variables it uses.
 * The walk is written by hand rather than with `traverse` because a function's name is itself a
 * symbol node, and it must be judged as a function name, not as a variable.
 */
function inspect(node: MathNode, allowed: ReadonlySet<string>, used: Set<string>): FormulaError | null {
  switch (node.type) {
    case 'ConstantNode': {
      const value: unknown = (node as MathNode & { value: unknown }).value;
      if (typeof value !== 'number') return fail('forbidden', `constant:${typeof value}`);
      // 'Infinity', 'NaN' and '1e400' parse as constants; refused here so the form says so at once.
      return Number.isFinite(value) ? null : fail('notFinite', String(value));
    }
    case 'SymbolNode': {
      const name = (node as MathNode & { name: string }).name;
      if (!allowed.has(name)) return fail('unknownVariable', name);
      used.add(name);
      return null;
    }
    case 'ParenthesisNode':
      return inspect((node as MathNode & { content: MathNode }).content, allowed, used);
    case 'OperatorNode': {
      const operator = node as MathNode & { op: string; implicit: boolean; args: MathNode[] };
      if (!ALLOWED_OPERATORS.has(operator.op)) return fail('forbidden', `operator:${operator.op}`);
      // '2x' or '1/2x' parse with precedence rules of their own; a lab writes the '*'.
      if (operator.implicit) return fail('forbidden', 'implicitMultiplication');
      return inspectAll(operator.args, allowed, used);
    }
    case 'FunctionNode': {
      const call = node as MathNode & { fn: MathNode; args: MathNode[] };
      if (call.fn.type !== 'SymbolNode') return fail('forbidden', `call:${call.fn.type}`);
      const name = (call.fn as MathNode & { name: string }).name;
      if (!isAllowedFunction(name)) return fail('unknownFunction', name);
      const [least, most] = FORMULA_FUNCTIONS[name];
      if (call.args.length < least || call.args.length > most) return fail('argumentCount', name);
      return inspectAll(call.args, allowed, used);
    }
    default:
      // Assignments, function definitions, accessors, indexes, arrays, objects, ranges,
      // conditionals, relations and blocks: none has a place in a result calculation.
      return fail('forbidden', node.type);
  }
}

function inspectAll(nodes: MathNode[], allowed: ReadonlySet<string>, used: Set<string>): FormulaError | null {
  for (const child of nodes) {
    const problem = inspect(child, allowed, used);
    if (problem) return problem;
  }
  return null;
}

/** Counts '%' operators (modulo) in the tree; see `analyse` for why. */
function countModulo(node: MathNode): number {
  let count = 0;
  node.traverse((child) => {
    if (child.type === 'OperatorNode' && (child as MathNode & { op: string }).op === '%') count += 1;
  });
  return count;
}

type Analysis = { ok: true; node: MathNode; variables: string[] } | FormulaError;

function analyse(text: unknown, allowedVariables: readonly string[]): Analysis {
  if (typeof text !== 'string') return fail('syntax', 'notText');
  if (text.length > FORMULA_MAX_LENGTH) return fail('tooLong', String(FORMULA_MAX_LENGTH));
  if (text.trim() === '') return fail('syntax', 'empty');
  // mathjs skips everything after '#'; a formula must compute exactly what it shows.
  if (text.includes('#')) return fail('forbidden', 'comment');
  let node: MathNode;
  try {
    node = restrictedParse()(text);
  } catch (error) {
    return fail('syntax', error instanceof Error ? error.message : 'unparsable');
  }
  const used = new Set<string>();
  const problem = inspect(node, new Set(allowedVariables), used);
  if (problem) return problem;
  // mathjs reads a trailing '%' as a percentage ('100 + 10%' is 110), which is not what a lab
  // means; every '%' in the text must therefore have become a modulo operator.
  const percentSigns = text.split('%').length - 1;
  if (percentSigns !== countModulo(node)) return fail('forbidden', 'percentage');
  return { ok: true, node, variables: [...used].sort() };
}

/**
 * Checks a formula without evaluating it, for the parameter form. On success, lists the variables
 * the formula uses so the form can ask for test values of exactly those.
 */
export function checkFormula(
  text: unknown,
  allowedVariables: readonly string[] = FORMULA_VARIABLES,
): FormulaCheck {
  const analysis = analyse(text, allowedVariables);
  return analysis.ok ? { ok: true, variables: analysis.variables } : analysis;
}

/**
 * Evaluates a formula with the given values. Never throws: every failure, including division by
 * zero and other non-finite results, comes back as an error code.
 */
export function evaluateFormula(
  text: unknown,
  scope: FormulaScope,
  allowedVariables: readonly string[] = FORMULA_VARIABLES,
): FormulaResult {
  const analysis = analyse(text, allowedVariables);
  if (!analysis.ok) return analysis;
  // Only the variables the formula uses are copied, from own properties only, into a Map: nothing
  // inherited from Object.prototype can be looked up by the evaluator.
  const values = new Map<string, number>();
  for (const name of analysis.variables) {
    const value = Object.hasOwn(scope, name) ? scope[name] : undefined;
    if (typeof value !== 'number') return fail('missingVariable', name);
    if (!Number.isFinite(value)) return fail('notFinite', name);
    values.set(name, value);
  }
  let result: unknown;
  try {
    result = analysis.node.compile().evaluate(values);
  } catch (error) {
    // For instance round(x, 2.5): the decimals must be a whole number from 0 to 15.
    return fail('invalidArgument', error instanceof Error ? error.message : 'evaluation');
  }
  if (typeof result !== 'number' || !Number.isFinite(result)) return fail('notFinite', String(result));
  // -0 would show as '-0' in a report.
  return { ok: true, value: result === 0 ? 0 : result };
}
