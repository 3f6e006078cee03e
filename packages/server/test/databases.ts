import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL the integration tests run on (TEST_DATABASE_URL), to create their databases from. */
function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

async function runAsAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A new PostgreSQL database next to TEST_DATABASE_URL's: empty, or a copy of `template` (a database
 * nobody is connected to); its URL, and how to drop it.
 */
export async function createPostgresDatabase(
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `sil_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await runAsAdmin(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => runAsAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
