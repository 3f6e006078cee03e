import { z } from 'zod';

/** Writes a value as its schema's view: only the keys the schema declares, in its order. */
export type Projection = (value: unknown) => unknown;

const identity: Projection = (value) => value;

/** Kinds of values written as they are (string formats, uuids and ISO stamps are strings). */
const LEAVES = new Set(['string', 'number', 'boolean', 'enum', 'literal', 'null']);

/** A part of the answer whose schema converts or chooses (codecs, unions, records): zod encodes it. */
const encodedByZod =
  (schema: z.ZodType): Projection =>
  (value) => {
    const encoded = z.safeEncode(schema, value);
    if (!encoded.success) throw new Error(`answer does not match its schema: ${encoded.error.message}`);
    return encoded.data;
  };

/** Distinct plain values whose encoding a converting part remembers (flags, statuses: a handful). */
const ENCODINGS_KEPT = 64;

/**
 * A converting part's encoding of plain values is a function of the value alone: remembered for
 * the first few values, so that a page of 50 rows encodes its 18 form booleans once, not 900 times.
 */
function rememberedEncoding(schema: z.ZodType): Projection {
  const encode = encodedByZod(schema);
  const known = new Map<unknown, unknown>();
  return (value) => {
    if (known.has(value)) return known.get(value);
    const encoded = encode(value);
    const plain = value === null || (typeof value !== 'object' && typeof value !== 'function');
    if (plain && known.size < ENCODINGS_KEPT) known.set(value, encoded);
    return encoded;
  };
}

/**
 * Compiles the projection of a response schema for answers built from typed rows: objects keep
 * the keys their schema declares, in its order (what zod's encode, which strips undeclared keys,
 * keeps), arrays and nullable or optional values are walked, plain values are written as they are
 * (the query and the row's type already made them so), and the parts that convert (codecs such as
 * the form booleans, unions, records) still go through zod. The same JSON as the zod check for a
 * right answer, at a fraction of its cost (docs/decisions/0014-what-every-call-pays.md).
 */
export function compileProjection(schema: z.ZodType): Projection {
  const kind = schema._zod.def.type;
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) {
    const inner = compileProjection(schema.unwrap() as z.ZodType);
    if (inner === identity) return identity;
    return (value) => (value === null || value === undefined ? value : inner(value));
  }
  if (schema instanceof z.ZodArray) {
    const item = compileProjection(schema.element as z.ZodType);
    return (value) => (Array.isArray(value) ? value.map(item) : encodedByZod(schema)(value));
  }
  if (schema instanceof z.ZodObject) {
    const fields = Object.entries(schema.shape as Record<string, z.ZodType>).map(
      ([key, field]) => [key, compileProjection(field)] as const,
    );
    const project = objectLiteralOf(fields);
    return (value) =>
      typeof value !== 'object' || value === null ? encodedByZod(schema)(value) : project(value);
  }
  return LEAVES.has(kind) ? identity : rememberedEncoding(schema);
}

/**
 * An object's projection written as one object literal of its declared keys, in their order: V8
 * makes such objects in its fast form, where an object filled key by key (or a row copied so)
 * holds its 70 keys in dictionary form, and JSON.stringify writes them about twice as fast (a
 * records page of 50 rows: the projection and its writing 450–490 → 220–240 µs). A key left
 * undefined is written as absent, as before. The keys are the contract schema's own, each quoted
 * by JSON.stringify; `__proto__` is written as a computed key, which a literal keeps as an own
 * property instead of taking it for the object's prototype.
 */
function objectLiteralOf(fields: ReadonlyArray<readonly [string, Projection]>): Projection {
  const projections = fields.map(([, projection]) => projection);
  const properties = fields.map(([key, projection], index) => {
    const name = key === '__proto__' ? `[${JSON.stringify(key)}]` : JSON.stringify(key);
    const read = `s[${JSON.stringify(key)}]`;
    const written =
      projection === identity ? read : `${read} === undefined ? undefined : p[${index}](${read})`;
    return `${name}: ${written}`;
  });
  const build = new Function('p', `return (s) => ({ ${properties.join(', ')} });`) as (
    projections: Projection[],
  ) => Projection;
  return build(projections);
}
