import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * zod's own issues reworded as translation keys (namespace `tables`, under `issues.`); messages the
 * contract sets on purpose ('rpps', 'rangeString'…) are kept as they are.
 */
export const issueMessages: z.core.$ZodErrorMap = (issue) => {
  // NaN is how the number forms (backup schedule, control targets) hand over an emptied input.
  if (issue.code === 'invalid_type' && (issue.input === undefined || Number.isNaN(issue.input)))
    return 'required';
  if (issue.code === 'too_small' && Number(issue.minimum) <= 1 && issue.origin !== 'number')
    return 'required';
  if (issue.code === 'too_small' || issue.code === 'too_big') return issue.code;
  return 'invalid';
};

/**
 * A form checked by a contract schema of its own (a call's body, a settings card), with the same
 * messages as the entity forms. The schema may transform what the form holds into what is sent.
 * Its own file, apart from the entity forms' resolver, so that the login screens (first load) get
 * it without the entity definitions that one brings.
 */
export function schemaResolver<Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>) {
  return zodResolver(schema, { error: issueMessages });
}
