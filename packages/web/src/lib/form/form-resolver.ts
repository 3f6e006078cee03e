import { zodResolver } from '@hookform/resolvers/zod';
import { createSchema, type EntityDefinition } from '@sil/contract';
import { z } from 'zod';
import { createPayload } from '../table/payload';
import type { FieldSpec, FormValues } from './field-spec';
import { payloadOf } from './form-values';
import { issueMessages } from './schema-resolver';

// The forms that import it from here keep doing so; the first-load screens import it from its file.
export { schemaResolver } from './schema-resolver';

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
