import { zodResolver } from '@hookform/resolvers/zod';
import { createSchema, type EntityDefinition } from '@sil/contract';
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { createPayload } from '../table/payload';
import type { FieldSpec, FormValues } from './field-spec';
import { payloadOf } from './form-values';

/**
 * zod's own issues reworded as translation keys (namespace `tables`, under `issues.`); messages the
 * contract sets on purpose ('rpps', 'rangeString'…) are kept as they are.
 */
export const issueMessages: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'required';
  if (issue.code === 'too_small' && Number(issue.minimum) <= 1 && issue.origin !== 'number')
    return 'required';
  if (issue.code === 'too_small' || issue.code === 'too_big') return issue.code;
  return 'invalid';
};

/**
 * The form is checked by the contract's create schema itself, applied to what would be sent: the
 * same rules as the server, field paths included, so messages sit under the right inputs.
 */
export function formResolver(entity: EntityDefinition, fields: readonly FieldSpec[]) {
  const schema = z
    .custom<FormValues>()
    .transform((values) => createPayload(payloadOf(fields, values)))
    .pipe(createSchema(entity));
  return zodResolver(schema, { error: issueMessages });
}

/**
 * A form checked by a contract schema of its own (a call's body, a settings card), with the same
 * messages as the entity forms. The schema may transform what the form holds into what is sent.
 */
export function schemaResolver<Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>) {
  return zodResolver(schema, { error: issueMessages });
}
