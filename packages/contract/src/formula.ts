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

/**
 * A formula may read the result of another parameter of the same record: `$` then the parameter's
 * code, as in `$CT - $HDL - $TG / 2.2` (LDL by Friedewald). The value read is the one the record
 * reports for it (its calculated value when it has a formula, else its measure). Only codes of
 * letters, digits and '_' starting with a letter can be referred to. A formula that reads other
 * results calculates the whole result: it cannot also use `x`, and nothing is typed for it.
 */
export const REFERENCE_PREFIX = '$';
const REFERABLE_CODE = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The symbol a formula writes for the result of the parameter with this code. */
export const referenceSymbol = (code: string) => `${REFERENCE_PREFIX}${code}`;

/** Whether a parameter code can be written in a formula (`$` + code). */
export const isReferableCode = (code: string) => REFERABLE_CODE.test(code);

/**
 * Functions a formula may call, with the number of arguments each accepts. `when(condition,
 * value)` gives the value only when the condition holds, and otherwise no result with the
 * condition as the reason (conditionNotMet): `when($TG < 4.5, $CT - $HDL - $TG / 2.2)`. A
 * condition compares numbers (`<`, `<=`, `>`, `>=`) and joins comparisons (`and`, `or`, `not`);
 * comparisons are allowed nowhere else.
 */
export const FORMULA_FUNCTIONS = {
  when: [2, 2],
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
/** Operators of a `when` condition: comparisons of numbers, and the logic joining them. */
const COMPARISONS = new Set(['<', '<=', '>', '>=']);
const LOGIC = new Set(['and', 'or', 'not']);

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
  'measureAndReferences',
  'conditionNotMet',
] as const;
export type FormulaErrorCode = (typeof FORMULA_ERROR_CODES)[number];

export interface FormulaError {
  ok: false;
  error: FormulaErrorCode;
  /** The offending name, node type or parser message; for logs and the parameter form. */
  detail: string;
}
/** `references`: the codes of the other parameters the formula reads, without the `$`. */
export type FormulaCheck = { ok: true; variables: string[]; references: string[] } | FormulaError;
export type FormulaResult = { ok: true; value: number } | FormulaError;

/**
 * Patient values given to a formula, and other results under their symbol (`$CT`); a missing or
 * null value makes formulas using it fail (missingVariable, the name as detail).
 */
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

/** Thrown by `when` when its condition does not hold; caught by evaluateFormula only. */
class ConditionNotMet extends Error {}

function fail(error: FormulaErrorCode, detail: string): FormulaError {
  return { ok: false, error, detail };
}

function isAllowedFunction(name: string): name is FormulaFunction {
  return Object.hasOwn(FORMULA_FUNCTIONS, name);
}

interface Walk {
  allowed: ReadonlySet<string>;
  used: Set<string>;
  references: Set<string>;
  /** The conditions of `when` calls, as written, for the reason a result is not calculated. */
  conditions: string[];
}

const nameOf = (node: MathNode) => (node as MathNode & { name: string }).name;
const unwrap = (node: MathNode): MathNode =>
  node.type === 'ParenthesisNode' ? unwrap((node as MathNode & { content: MathNode }).content) : node;

/**
 * Walks the tree and returns the first reason to refuse it, collecting the variables and the
 * references it uses. The walk is written by hand rather than with `traverse` because a function's
 * name is itself a symbol node, and it must be judged as a function name, not as a variable.
 */
function inspect(node: MathNode, walk: Walk): FormulaError | null {
  switch (node.type) {
    case 'ConstantNode': {
      const value: unknown = (node as MathNode & { value: unknown }).value;
      if (typeof value !== 'number') return fail('forbidden', `constant:${typeof value}`);
      // 'Infinity', 'NaN' and '1e400' parse as constants; refused here so the form says so at once.
      return Number.isFinite(value) ? null : fail('notFinite', String(value));
    }
    case 'SymbolNode': {
      const name = nameOf(node);
      if (name.startsWith(REFERENCE_PREFIX)) {
        const code = name.slice(REFERENCE_PREFIX.length);
        if (!isReferableCode(code)) return fail('unknownVariable', name);
        walk.references.add(code);
        return null;
      }
      if (!walk.allowed.has(name)) return fail('unknownVariable', name);
      walk.used.add(name);
      return null;
    }
    case 'ParenthesisNode':
      return inspect((node as MathNode & { content: MathNode }).content, walk);
    case 'OperatorNode': {
      const operator = node as MathNode & { op: string; implicit: boolean; args: MathNode[] };
      if (!ALLOWED_OPERATORS.has(operator.op)) return fail('forbidden', `operator:${operator.op}`);
      // '2x' or '1/2x' parse with precedence rules of their own; a lab writes the '*'.
      if (operator.implicit) return fail('forbidden', 'implicitMultiplication');
      return inspectAll(operator.args, walk);
    }
    case 'FunctionNode': {
      const call = node as MathNode & { fn: MathNode; args: MathNode[] };
      if (call.fn.type !== 'SymbolNode') return fail('forbidden', `call:${call.fn.type}`);
      const name = nameOf(call.fn);
      if (!isAllowedFunction(name)) return fail('unknownFunction', name);
      const [least, most] = FORMULA_FUNCTIONS[name];
      if (call.args.length < least || call.args.length > most) return fail('argumentCount', name);
      if (name === 'when') {
        const [condition, value] = call.args as [MathNode, MathNode];
        walk.conditions.push(condition.toString());
        return inspectCondition(condition, walk) ?? inspect(value, walk);
      }
      return inspectAll(call.args, walk);
    }
    default:
      // Assignments, function definitions, accessors, indexes, arrays, objects, ranges,
      // conditionals, relations and blocks: none has a place in a result calculation.
      return fail('forbidden', node.type);
  }
}

/** A `when` condition: comparisons of numbers, joined by and, or, not; nothing else is true or false. */
function inspectCondition(node: MathNode, walk: Walk): FormulaError | null {
  const inner = unwrap(node);
  if (inner.type !== 'OperatorNode') return fail('forbidden', 'condition');
  const operator = inner as MathNode & { op: string; args: MathNode[] };
  if (LOGIC.has(operator.op)) {
    for (const child of operator.args) {
      const problem = inspectCondition(child, walk);
      if (problem) return problem;
    }
    return null;
  }
  if (!COMPARISONS.has(operator.op)) return fail('forbidden', 'condition');
  return inspectAll(operator.args, walk);
}

function inspectAll(nodes: MathNode[], walk: Walk): FormulaError | null {
  for (const child of nodes) {
    const problem = inspect(child, walk);
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

type Analysis =
  | {
      ok: true;
      node: MathNode;
      variables: string[];
      references: string[];
      conditions: string[];
      /** The tree compiled, on the first evaluation. */
      compiled?: ReturnType<MathNode['compile']>;
    }
  | FormulaError;

/**
 * Formulas already analysed, by allowed variables and text. A laboratory has some hundreds; each
 * bench, validation and report call read them again, and parsing made several milliseconds of a
 * record's validation screen (issue 43). Answers are never changed once made, so they are shared.
 */
const analysed = new Map<string, Analysis>();
const ANALYSED_KEPT = 2_000;

function analyseOnce(text: unknown, allowedVariables: readonly string[]): Analysis {
  if (typeof text !== 'string') return analyse(text, allowedVariables);
  const key = `${allowedVariables.join(' ')}\n${text}`;
  const known = analysed.get(key);
  if (known) return known;
  const analysis = analyse(text, allowedVariables);
  if (analysed.size >= ANALYSED_KEPT) analysed.clear();
  analysed.set(key, analysis);
  return analysis;
}

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
  const walk: Walk = {
    allowed: new Set(allowedVariables),
    used: new Set(),
    references: new Set(),
    conditions: [],
  };
  const problem = inspect(node, walk);
  if (problem) return problem;
  // mathjs reads a trailing '%' as a percentage ('100 + 10%' is 110), which is not what a lab
  // means; every '%' in the text must therefore have become a modulo operator.
  const percentSigns = text.split('%').length - 1;
  if (percentSigns !== countModulo(node)) return fail('forbidden', 'percentage');
  // A result calculated from others has no measure of its own to convert.
  if (walk.references.size > 0 && walk.used.has('x')) return fail('measureAndReferences', 'x');
  return {
    ok: true,
    node,
    variables: [...walk.used].sort(),
    references: [...walk.references].sort(),
    conditions: walk.conditions,
  };
}

/**
 * Checks a formula without evaluating it, for the parameter form. On success, lists the variables
 * the formula uses so the form can ask for test values of exactly those.
 */
export function checkFormula(
  text: unknown,
  allowedVariables: readonly string[] = FORMULA_VARIABLES,
): FormulaCheck {
  const analysis = analyseOnce(text, allowedVariables);
  return analysis.ok
    ? { ok: true, variables: [...analysis.variables], references: [...analysis.references] }
    : { ...analysis };
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
  const analysis = analyseOnce(text, allowedVariables);
  if (!analysis.ok) return { ...analysis };
  // Only the variables the formula uses are copied, from own properties only, into a Map: nothing
  // inherited from Object.prototype can be looked up by the evaluator.
  const values = new Map<string, unknown>();
  for (const name of [...analysis.variables, ...analysis.references.map(referenceSymbol)]) {
    const value = Object.hasOwn(scope, name) ? scope[name] : undefined;
    if (typeof value !== 'number') return fail('missingVariable', name);
    if (!Number.isFinite(value)) return fail('notFinite', name);
    values.set(name, value);
  }
  // `when` is given with the values rather than added to the mathjs instance, so that the
  // instance stays closed to additions once built.
  values.set('when', (condition: unknown, value: unknown) => {
    if (condition !== true) throw new ConditionNotMet();
    return value;
  });
  let result: unknown;
  try {
    analysis.compiled ??= analysis.node.compile();
    result = analysis.compiled.evaluate(values);
  } catch (error) {
    if (error instanceof ConditionNotMet) return fail('conditionNotMet', analysis.conditions.join(' ; '));
    // For instance round(x, 2.5): the decimals must be a whole number from 0 to 15.
    return fail('invalidArgument', error instanceof Error ? error.message : 'evaluation');
  }
  if (typeof result !== 'number' || !Number.isFinite(result)) return fail('notFinite', String(result));
  // -0 would show as '-0' in a report.
  return { ok: true, value: result === 0 ? 0 : result };
}
