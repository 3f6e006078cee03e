/** Stored stamps come back in PostgreSQL's text form ('2026-11-22 15:44:47.123+00'); the API speaks ISO 8601 UTC. */
export const toIso = (stamp: string): string => new Date(stamp).toISOString();

/** A stored row as the API shows it: stamps in ISO 8601 UTC, dates as they are, never the tenant column. */
export function presentRow(row: object, stamps: readonly string[]): Record<string, unknown> {
  const { laboratory_id: _tenant, ...rest } = row as Record<string, unknown>;
  for (const field of stamps) {
    const value = rest[field];
    if (typeof value === 'string') rest[field] = toIso(value);
  }
  return rest;
}
