import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's second recommended setting (19 MiB, 2 passes, 1 lane): about 12 ms a
 * hash on this hardware, strong enough against offline guessing while keeping logins cheap.
 */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (digest: string) => hash(digest, ARGON2_OPTIONS);

/** A hash of nothing anyone knows, verified when the account is unknown so that timing reveals nothing. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, digest: string): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hashPassword(randomBytes(32).toString('hex'));
    await verify(await decoyHash, digest).catch(() => false);
    return false;
  }
  return verify(storedHash, digest).catch(() => false);
}

/** Fast hash for high-entropy secrets (refresh tokens, links, codes bound to few attempts). */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const randomSecret = () => randomBytes(32).toString('base64url');

export const randomOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
