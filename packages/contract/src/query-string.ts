/** A value of a call's query: the contract's query schemas are flat objects of these. */
export type QueryValue = string | number | boolean | readonly string[] | undefined | null;

/**
 * The query part of a call's address, '' when empty. Arrays travel as repeated `name[]`
 * (spec.md §7); keys that already end in [] are kept as they are. The web client and the server's
 * test client both send through it, so the tests send what the browser sends.
 */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const name = key.endsWith('[]') ? key : `${key}[]`;
      for (const item of value) params.append(name, String(item));
    } else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
