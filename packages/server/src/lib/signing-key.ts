import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { systemSettings } from '../db/schema/system.js';

/**
 * The access-token signing key: the configured one, else one generated once and kept in the
 * database so that every server copy and every restart share it.
 */
export async function signingKey(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const key = 'access_token_signing_key';
  await db
    .insert(systemSettings)
    .values({ setting_key: key, setting_value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.setting_key, key));
  if (!row) throw new Error('signing key missing');
  return row.setting_value;
}
