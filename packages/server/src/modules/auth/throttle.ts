import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { authFailures } from '../../db/schema/index.js';

export interface ThrottleLimits {
  windowSeconds: number;
  maxPerAccount: number;
  maxPerAddress: number;
}

const accountKey = (email: string) => `account:${email}`;
const addressKey = (ip: string) => `address:${ip}`;

/**
 * Failed attempts counted per account and per address in a sliding window, in the database so
 * that every server copy sees them. An unknown e-mail is counted like a known one.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly limits: ThrottleLimits,
  ) {}

  async isBlocked(email: string | null, ip: string): Promise<boolean> {
    const since = new Date(Date.now() - this.limits.windowSeconds * 1000).toISOString();
    const failuresOf = async (key: string) => {
      const [row] = await this.db
        .select({ n: count() })
        .from(authFailures)
        .where(and(eq(authFailures.throttle_key, key), gt(authFailures.failed_at, since)));
      return row?.n ?? 0;
    };
    if ((await failuresOf(addressKey(ip))) >= this.limits.maxPerAddress) return true;
    return email !== null && (await failuresOf(accountKey(email))) >= this.limits.maxPerAccount;
  }

  async recordFailure(email: string | null, ip: string): Promise<void> {
    const keys = [addressKey(ip), ...(email ? [accountKey(email)] : [])];
    await this.db.insert(authFailures).values(keys.map((throttle_key) => ({ throttle_key })));
  }

  /** A successful login forgets the account's failures (the address keeps its count). */
  async clearAccount(email: string): Promise<void> {
    await this.db.delete(authFailures).where(inArray(authFailures.throttle_key, [accountKey(email)]));
  }
}
