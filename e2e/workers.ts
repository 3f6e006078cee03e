/**
 * How many journey files run at once, each worker with its own shared server and browser. Two on a
 * two-core machine: a single file left a quarter of the processors idle, waiting on the browser,
 * the server and PostgreSQL in turn. `E2E_WORKERS=1` runs them one after another.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
