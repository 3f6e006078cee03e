/** Stored stamps come back in PostgreSQL's text form ('2026-11-22 15:44:47.123+00'); the API speaks ISO 8601 UTC. */
export const toIso = (stamp: string): string => new Date(stamp).toISOString();
