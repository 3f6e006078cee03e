import fc from 'fast-check';
import { z } from 'zod';

/** The JSON Schema that zod writes for the input side of a contract schema (only what is read here). */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  default?: unknown;
}

/** What a contract schema accepts as input, as JSON Schema (transforms and refinements left out). */
export function inputSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref' }) as JsonSchema;
}

/**
 * Values read from the laboratory's own data, by field name (`record_id`, `matrix_last_updated`…),
 * so that generated requests also reach the rules behind "not found" and "stale".
 */
export type ValuePool = Map<string, string[]>;

/** Collects every text value of an answer under its field name (UUIDs also under '*uuid'). */
export function harvest(pool: ValuePool, value: unknown, key = ''): void {
  if (typeof value === 'string') {
    if (!key || value.length > 200) return;
    const known = pool.get(key) ?? [];
    if (known.length < 50 && !known.includes(value)) pool.set(key, [...known, value]);
    if (key !== '*uuid' && UUID.test(value)) harvest(pool, value, '*uuid');
  } else if (Array.isArray(value)) {
    for (const item of value.slice(0, 50)) harvest(pool, item, key);
  } else if (value !== null && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) harvest(pool, item, name);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_DEPTH = 4;

/** A day that exists, as the API writes dates (YYYY-MM-DD), the ends of the calendar included. */
export const calendarDay = fc.oneof(
  {
    arbitrary: fc
      .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
    weight: 6,
  },
  { arbitrary: fc.constantFrom('0001-01-01', '9999-12-31', '1582-10-10', '2000-02-29'), weight: 1 },
);
/** Instants as zod's ISO format lets them through: years 0000 and 9999, offsets, nanoseconds. */
const isoInstant = fc.oneof(
  {
    arbitrary: fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString()),
    weight: 6,
  },
  {
    arbitrary: fc.constantFrom(
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999Z',
      '2020-01-01T00:00:00+23:59',
      '2020-02-29T12:00:00.123456789-12:00',
      '1900-01-01T00:00:00Z',
    ),
    weight: 1,
  },
);
const EDGE_UUIDS = ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'];

function fromPool(pool: ValuePool, key: string, base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const own = pool.get(key);
  const ids = /(^|_)ids?$/.test(key) || key === 'ids[]' ? pool.get('*uuid') : undefined;
  const known = own ?? ids;
  if (!known || known.length === 0) return base;
  return fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, { arbitrary: base, weight: 1 });
}

function stringArbitrary(schema: JsonSchema, key: string): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, 24));
  // The longest text the schema takes (a column may be shorter), or a long one when it sets no bound.
  const longest = Math.min(schema.maxLength ?? 20_000, 100_000);
  const text = fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }), weight: 6 },
    { arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }), weight: 1 },
    { arbitrary: fc.constantFrom('é', 'a', '𝕏').map((char) => char.repeat(longest)), weight: 1 },
  );
  switch (schema.format) {
    case 'uuid':
      return fc.oneof(
        { arbitrary: fc.uuid(), weight: 6 },
        { arbitrary: fc.constantFrom(...EDGE_UUIDS), weight: 1 },
      );
    case 'email':
      return fc.emailAddress();
    case 'date':
      return calendarDay;
    case 'date-time':
      return isoInstant;
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length <= 200);
    } catch {
      return text;
    }
  }
  // Dates are checked by a refinement zod cannot write as JSON Schema: give real days often.
  if (/date|dob|_from$|_to$/.test(key)) return fc.oneof(calendarDay, text);
  return text;
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const integer = schema.type === 'integer';
  const unbounded = integer ? Number.MAX_SAFE_INTEGER : 1e308;
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -unbounded);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : unbounded);
  const low = Math.max(min, -unbounded);
  const high = Math.min(Math.max(max, low), unbounded);
  const ends = fc.constantFrom(low, high, Math.max(low, Math.min(high, 2_147_483_648)));
  const inside = integer
    ? fc.integer({ min: Math.ceil(low), max: Math.floor(high) })
    : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(
    { arbitrary: inside, weight: 4 },
    { arbitrary: ends.map((value) => (integer ? Math.trunc(value) : value)), weight: 1 },
  );
}

/**
 * Values a schema accepts (or nearly: refinements are not known here), drawn by fast-check. Field
 * names pick values from the pool when it has some.
 */
export function arbitraryOf(
  schema: JsonSchema,
  pool: ValuePool,
  root: JsonSchema = schema,
  key = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const next = (inner: JsonSchema, innerKey = key) => arbitraryOf(inner, pool, root, innerKey, depth + 1);
  if (schema.$ref) {
    if (depth > MAX_DEPTH) return fc.constant(null);
    const name = schema.$ref.replace(/^#\/\$defs\//, '');
    const target = schema.$ref === '#' ? root : root.$defs?.[name];
    return target ? next(target) : fc.constant(null);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map((choice) => next(choice)));
  if (schema.allOf && schema.allOf.length > 0) {
    const merged: JsonSchema = { properties: {}, required: [] };
    for (const part of schema.allOf) {
      Object.assign(merged.properties ?? {}, part.properties);
      merged.required?.push(...(part.required ?? []));
      if (part.type) merged.type = part.type;
    }
    return next(merged);
  }
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => next({ ...schema, type })));
  switch (schema.type) {
    case 'string':
      return fromPool(pool, key, stringArbitrary(schema, key));
    case 'number':
    case 'integer':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map((item) => next(item)));
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, 3));
      const items = next(schema.items ?? {});
      // Now and then as many items as the schema lets through.
      const most = Math.min(schema.maxItems ?? 200, 1_000);
      return fc.oneof(
        { arbitrary: fc.array(items, { minLength, maxLength }), weight: 8 },
        { arbitrary: fc.array(items, { minLength: most, maxLength: most }), weight: 1 },
      );
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(
        Object.entries(properties).map(([name, inner]) => [name, next(inner, name)]),
      );
      const record = fc.record(shape, { requiredKeys: schema.required ?? [] });
      const extra = schema.additionalProperties;
      if (typeof extra !== 'object' || Object.keys(properties).length > 0) return record;
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), next(extra), { maxKeys: 3 });
    }
    default:
      return depth > MAX_DEPTH ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}
