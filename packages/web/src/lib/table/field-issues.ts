import type { FieldIssue } from '@sil/contract';
import { z } from 'zod';
import { ApiError } from '../api-client';

const DetailsSchema = z.object({
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** A unique field that clashes (nameTaken, codeAlreadyInUse…). */
  field: z.string().optional(),
  /** Fields whose minimum exceeds their maximum (invalidBounds). */
  fields: z.array(z.string()).optional(),
});

/** Prefix of an issue whose words are those of an error code of the catalogue. */
export const ERROR_ISSUE = 'error:';

/**
 * The field issues a refused write carries (spec.md §8), to show under the inputs they concern:
 * validation issues, the clashing unique field, the inverted bounds.
 */
export function fieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError)) return [];
  const parsed = DetailsSchema.safeParse(error.details);
  if (!parsed.success) return [];
  const { issues = [], field, fields = [] } = parsed.data;
  return [
    ...issues,
    ...(field ? [{ path: field, message: `${ERROR_ISSUE}${error.code}` }] : []),
    ...fields.map((path) => ({ path, message: 'bounds' })),
  ];
}

/** Messages the contract's schemas give on purpose ('rpps', 'formula.syntax'…), translated as such. */
const KNOWN = new Set([
  'invalid',
  'too_small',
  'too_big',
  'choice',
  'required',
  'rpps',
  'adeli',
  'phone',
  'nabmCode',
  'loinc',
  'rangeString',
  'date',
  'bounds',
  'email',
  'formula.tooLong',
  'formula.syntax',
  'formula.forbidden',
  'formula.unknownVariable',
  'formula.unknownFunction',
  'formula.argumentCount',
  'formula.missingVariable',
  'formula.invalidArgument',
  'formula.notFinite',
]);

/**
 * The translation key (namespace `tables`) of an issue message. zod's own wordings are English
 * sentences; the common ones are recognised, the rest read as a generic 'invalid value'.
 */
export function issueKey(message: string, code?: string): string {
  if (KNOWN.has(message)) return `issues.${message}`;
  if (code === 'too_small' || /Too small: expected (string|array)/.test(message)) return 'issues.required';
  if (/received undefined/.test(message)) return 'issues.required';
  if (code === 'too_big' || /Too big/.test(message)) return 'issues.too_big';
  if (/Invalid UUID/i.test(message)) return 'issues.choice';
  return 'issues.invalid';
}
