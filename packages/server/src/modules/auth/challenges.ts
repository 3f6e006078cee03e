import type { ErrorCode } from '@sil/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/open.js';
import { authChallenges } from '../../db/schema/auth.js';
import { fail } from '../../lib/errors.js';
import { randomSecret, sha256 } from './secrets.js';

type LinkPurpose = 'reset' | 'verify_email' | 'verify_phone' | 'sso_login';

const missingCode: Record<LinkPurpose, { notFound: ErrorCode; expired: ErrorCode }> = {
  reset: { notFound: 'resetNotFound', expired: 'resetExpired' },
  verify_email: { notFound: 'verificationNotFound', expired: 'verificationExpired' },
  verify_phone: { notFound: 'verificationNotFound', expired: 'verificationExpired' },
  sso_login: { notFound: 'incorrectCredentials', expired: 'incorrectCredentials' },
};

/** A single-use link secret: only its hash is stored; earlier unused links of the same purpose die. */
export async function issueLink(
  db: Queryable,
  uid: string,
  purpose: LinkPurpose,
  ttlSeconds: number,
  /** The new e-mail or mobile number the link brings in when it comes back. */
  pendingValue?: string,
): Promise<string> {
  const secret = randomSecret();
  await db
    .update(authChallenges)
    .set({ used_at: new Date().toISOString() })
    .where(
      and(
        eq(authChallenges.admin_uid, uid),
        eq(authChallenges.purpose, purpose),
        isNull(authChallenges.used_at),
      ),
    );
  await db.insert(authChallenges).values({
    admin_uid: uid,
    purpose,
    secret_hash: sha256(secret),
    expires_at: new Date(Date.now() + ttlSeconds * 1000).toISOString(),
    pending_value: pendingValue ?? null,
  });
  return secret;
}

/** Marks the link used and answers its user, or fails with the purpose's not-found / expired code. */
export async function consumeLink(db: Db | Queryable, secret: string, purpose: LinkPurpose): Promise<string> {
  return (await consumeLinkWithValue(db, secret, purpose)).uid;
}

/** consumeLink, with the new value the link brings in (null for a plain verification). */
export async function consumeLinkWithValue(
  db: Db | Queryable,
  secret: string,
  purpose: LinkPurpose,
): Promise<{ uid: string; pendingValue: string | null }> {
  const codes = missingCode[purpose];
  const [challenge] = await db
    .select()
    .from(authChallenges)
    .where(and(eq(authChallenges.secret_hash, sha256(secret)), eq(authChallenges.purpose, purpose)));
  if (!challenge || challenge.used_at) return fail(codes.notFound);
  if (new Date(challenge.expires_at).getTime() <= Date.now()) return fail(codes.expired);
  const used = await db
    .update(authChallenges)
    .set({ used_at: new Date().toISOString() })
    .where(and(eq(authChallenges.challenge_id, challenge.challenge_id), isNull(authChallenges.used_at)))
    .returning();
  if (used.length === 0) return fail(codes.notFound);
  return { uid: challenge.admin_uid, pendingValue: challenge.pending_value };
}
