/**
 * Payload rules of spec.md §5: a create drops empty and null fields; an update drops null fields
 * and carries only the id, the stamp as read, and the fields that changed.
 */
/** A request body being built: the contract's field names, values still to be checked by its schema. */
export type Payload = Record<string, unknown>;

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

export function createPayload(values: Payload): Payload {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => !isEmpty(value)));
}

/** Structural equality of JSON-like values, so an unchanged list or object is not sent again. */
function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export function updatePayload(
  before: Payload,
  after: Payload,
  identity: { idField: string; id: string; stampField: string; stamp: string },
): Payload {
  const changed = Object.entries(after).filter(
    ([key, value]) => value !== null && value !== undefined && !same(before[key], value),
  );
  return {
    [identity.idField]: identity.id,
    [identity.stampField]: identity.stamp,
    ...Object.fromEntries(changed),
  };
}
