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
    return (value) => {
      if (typeof value !== 'object' || value === null) return encodedByZod(schema)(value);
      const source = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, projection] of fields) {
        const field = source[key];
        if (field !== undefined) out[key] = projection === identity ? field : projection(field);
      }
      return out;
    };
  }
  return LEAVES.has(kind) ? identity : rememberedEncoding(schema);
}
