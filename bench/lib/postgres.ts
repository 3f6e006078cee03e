import pg from 'pg';

/** Maintenance connection of the PostgreSQL server the bench creates its laboratory database on. */
export const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * What each connection of the server runs first (CONNECTION_SETUP, packages/server/src/db/open.ts),
 * for the bench's own connections: the bench measures the server as it ships and imports none of its
 * source, so the server's connection test (connection-setup.int.test.ts) checks the two are one.
 */
export const SERVER_CONNECTION_SETUP = `SET parallel_setup_cost = 10000; SELECT length(repeat('x', ${4 * 1024 * 1024})) AS steady_allocator`;

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function databaseUrl(name: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A freshly created, empty database named for this run; answers its connection string. */
export async function createRunDatabase(): Promise<{ name: string; url: string }> {
  const prefix = (process.env.BENCH_DATABASE_PREFIX ?? 'sil_bench_').replace(/[^a-z0-9_]/g, '');
  const name = `${prefix}${Date.now()}`;
  // The name is built from lower-case letters, digits and underscores above, so quoting it as an identifier is enough.
  await withAdminClient((client) => client.query(`CREATE DATABASE "${name}"`));
  return { name, url: databaseUrl(name) };
}

export async function dropRunDatabase(name: string): Promise<void> {
  await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
