import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The agent's one-time enrolment code and its credential's secret. Both are long random values,
 * so a plain SHA-256 is enough to keep them (no dictionary to slow down, unlike a password).
 */
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Four groups of four characters from 32 (80 bits), easy to read out and type on the agent. */
export function newEnrolmentCode(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

export const newSecret = () => randomBytes(32).toString('base64url');

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `<agent_id>.<secret>` split, or null when it is not shaped so. */
export function readCredential(credential: string): { agentId: string; secret: string } | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{32,128})$/.exec(credential);
  return match?.[1] && match[2] ? { agentId: match[1], secret: match[2] } : null;
}
