import fc from 'fast-check';

/** Days that do not exist, written as users and clients write dates. */
export const IMPOSSIBLE_DATES = [
  '31/02/2020',
  '2020-02-31',
  '2021-02-29',
  '0000-01-01',
  '2020-13-01',
  '2020-00-10',
  '9999-99-99',
  '2020-02-30T25:61:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01',
  '29/02/2021',
  '00/00/0000',
  '32/01/2020',
  '1e3-01-01',
] as const;

/** Ids that are not UUIDs, or only nearly. */
export const NON_UUIDS = [
  'abc',
  '0',
  '-1',
  '00000000-0000-0000-0000-00000000000g',
  '00000000-0000-0000-0000-0000000000000',
  '{00000000-0000-0000-0000-000000000000}',
  '00000000000000000000000000000000',
  "1' OR '1'='1",
  '%',
  '_',
  '\\',
  '*',
  '../../etc/passwd',
] as const;

/** Numbers at and past every bound a column or a page size has. */
export const EDGE_NUMBERS = [
  -1,
  0,
  -0,
  1.5,
  -2_147_483_649,
  2_147_483_648,
  2_147_483_647,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1e308,
  -1e308,
  1e-320,
] as const;

const loneSurrogates = fc.string({
  unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  minLength: 1,
  maxLength: 4,
});

const UNICODE_SAMPLES = [
  'Zoë Łódź',
  'مرحبا',
  '𝕏🧪👩‍🔬',
  'a\u0301\u0302\u0303',
  '\u202eevil',
  '\ufeff',
  'ǅ',
  '\u2028\u2029',
];

/** Texts a field is not ready for: huge, unusual unicode, NUL bytes, control characters, wildcards. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 256, max: 300_000 }).map((length) => 'é'.repeat(length)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
  loneSurrogates,
  fc.constantFrom(...UNICODE_SAMPLES),
  fc.string({ maxLength: 8 }).map((text) => `${text}\u0000${text}`),
  fc.constantFrom('\u0000', '\t\r\n', '\u0007\u001b[31m', ' ', ''),
  fc.constantFrom(...IMPOSSIBLE_DATES),
  fc.constantFrom(...NON_UUIDS),
);

/** Deep nesting of arrays and objects, past what any schema expects. */
export const deepNesting: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 20, max: 2_000 }), fc.boolean())
  .map(([levels, inArrays]) => {
    let value: unknown = 'x';
    for (let level = 0; level < levels; level++) value = inArrays ? [value] : { a: value };
    return value;
  });

/** A value of a type other than the one expected, or an edge of the expected type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileText, weight: 4 },
  { arbitrary: fc.constantFrom(...EDGE_NUMBERS), weight: 2 },
  { arbitrary: fc.constantFrom(null, true, false, 0, '', {}, [], 'true', '1', '[]', '{}'), weight: 2 },
  { arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 })), weight: 1 },
  { arbitrary: deepNesting, weight: 1 },
);

/** A key a body was not meant to have, prototype names included. */
const extraKey = fc.oneof(
  fc.string({ minLength: 1, maxLength: 20 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'laboratory_id', 'user_type', 'id', ''),
  fc.integer({ min: 200, max: 5_000 }).map((length) => 'k'.repeat(length)),
);

export type Mutation =
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'remove'; at: number }
  | { kind: 'extra'; at: number; key: string; value: unknown }
  | { kind: 'inArray'; at: number }
  | { kind: 'inObject'; at: number };

/** Up to three mutations at places picked by index among the value's places (root included). */
export const mutations: fc.Arbitrary<Mutation[]> = fc.array(
  fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('replace'), at: fc.nat(), value: hostileValue }), weight: 6 },
    { arbitrary: fc.record({ kind: fc.constant('remove'), at: fc.nat() }), weight: 2 },
    {
      arbitrary: fc.record({ kind: fc.constant('extra'), at: fc.nat(), key: extraKey, value: hostileValue }),
      weight: 2,
    },
    { arbitrary: fc.record({ kind: fc.constant('inArray'), at: fc.nat() }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('inObject'), at: fc.nat() }), weight: 1 },
  ) as fc.Arbitrary<Mutation>,
  { minLength: 1, maxLength: 3 },
);

type Path = Array<string | number>;

/** Every place of a value: the root, then each key of each object and each item of each array. */
function placesOf(value: unknown, path: Path = [], places: Path[] = []): Path[] {
  places.push(path);
  if (path.length > 8) return places;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) placesOf(item, [...path, index], places);
  } else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) placesOf(item, [...path, key], places);
  return places;
}

type Container = Record<string | number, unknown>;

function parentOf(root: unknown, path: Path): Container | undefined {
  let node = root;
  for (const step of path.slice(0, -1)) node = (node as Container)[step];
  return node !== null && typeof node === 'object' ? (node as Container) : undefined;
}

/** Sets an own property, even one named `__proto__`, as JSON.parse would. */
function defineKey(target: Container, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A copy of a hostile value. The shared ones (fast-check constants such as `{}`) are shallow and copy;
 * the deeply nested ones are built fresh for each request and too deep to copy: they go as they are.
 */
function copyOf(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}

/** Applies the mutations in order to a copy of the value. */
export function mutate(value: unknown, steps: readonly Mutation[]): unknown {
  let root: unknown = structuredClone(value);
  for (const step of steps) {
    const places = placesOf(root);
    const path = places[step.at % places.length] ?? [];
    const current = path.reduce<unknown>((node, key) => (node as Container)[key], root);
    const replace = (next: unknown) => {
      const parent = parentOf(root, path);
      const key = path.at(-1);
      if (!parent || key === undefined) root = next;
      else defineKey(parent, key, next);
    };
    switch (step.kind) {
      // Generated values can be shared instances (fast-check's constants): each insertion gets its own
      // copy, or a later step could make the value contain itself.
      case 'replace':
        replace(copyOf(step.value));
        break;
      case 'remove': {
        const parent = parentOf(root, path);
        const key = path.at(-1);
        if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
        else if (parent && key !== undefined) delete parent[key];
        else root = undefined;
        break;
      }
      case 'extra': {
        const target = current !== null && typeof current === 'object' ? current : root;
        if (target !== null && typeof target === 'object' && !Array.isArray(target))
          defineKey(target as Container, step.key, copyOf(step.value));
        else replace({ [step.key]: copyOf(step.value) });
        break;
      }
      case 'inArray':
        replace([current]);
        break;
      case 'inObject':
        replace({ value: current });
        break;
    }
  }
  return root;
}
