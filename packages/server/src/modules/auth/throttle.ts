import { and, asc, count, eq, gt, inArray, lt, max } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/open.js';
import { authFailures } from '../../db/schema/index.js';

export interface ThrottleLimits {
  /** How long failures of one account from one address are remembered. */
  windowSeconds: number;
  /** Failures of one account from one address before each further try has to wait. */
  freeFailures: number;
  /** The first wait; it doubles with each further failure, up to maxDelaySeconds. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /** Failures per account in an hour, whatever the addresses (ASVS 2.2.1: at most 100). */
  maxPerAccount: number;
  /** Failures per address in an hour, whatever the accounts (password spraying). */
  maxPerAddress: number;
}

export const throttleLimits = (config: Config): ThrottleLimits => ({
  windowSeconds: config.THROTTLE_WINDOW_SECONDS,
  freeFailures: config.THROTTLE_FREE_FAILURES,
  baseDelaySeconds: config.THROTTLE_BASE_DELAY_SECONDS,
  maxDelaySeconds: config.THROTTLE_MAX_DELAY_SECONDS,
  maxPerAccount: config.THROTTLE_MAX_PER_ACCOUNT,
  maxPerAddress: config.THROTTLE_MAX_PER_ADDRESS,
});

const HOUR_MS = 3_600_000;
const accountKey = (email: string) => `account:${email}`;
const addressKey = (ip: string) => `address:${ip}`;
const pairKey = (email: string, ip: string) => `pair:${email}|${ip}`;
const isoAgo = (ms: number) => new Date(Date.now() - ms).toISOString();
const secondsUntil = (at: number) => Math.max(1, Math.ceil((at - Date.now()) / 1000));

/**
 * Failed logins counted in the database, so that every server copy sees them. An attacker slows
 * only themselves: after a few failures of one account from one address, each further try of that
 * account from that address waits twice as long as the one before. Colleagues behind the same
 * address log in to their own accounts untouched. Two ceilings per hour still bound guessing
 * spread over many addresses (per account) or many accounts (per address). An unknown e-mail is
 * counted like a known one, so that the answers reveal nothing.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly limits: ThrottleLimits,
  ) {}

  /** Seconds the caller must wait before trying again; 0 when the attempt may go ahead. */
  async retryAfter(email: string | null, ip: string): Promise<number> {
    const waits = [await this.ceilingWait(addressKey(ip), this.limits.maxPerAddress)];
    if (email !== null) {
      waits.push(await this.ceilingWait(accountKey(email), this.limits.maxPerAccount));
      waits.push(await this.delayWait(pairKey(email, ip)));
    }
    return Math.max(...waits);
  }

  async recordFailure(email: string | null, ip: string): Promise<void> {
    const keys = [addressKey(ip), ...(email ? [accountKey(email), pairKey(email, ip)] : [])];
    const horizon = isoAgo(Math.max(HOUR_MS, this.limits.windowSeconds * 1000));
    await this.db.transaction(async (tx) => {
      // Old failures of these keys count for nothing any more: the table stays small.
      await tx
        .delete(authFailures)
        .where(and(inArray(authFailures.throttle_key, keys), lt(authFailures.failed_at, horizon)));
      await tx.insert(authFailures).values(keys.map((throttle_key) => ({ throttle_key })));
    });
  }

  /**
   * A successful login from this address forgets that account's failures from it; the hourly
   * ceilings keep their counts, so that a success does not reopen the guessing budget.
   */
  async clearAccount(email: string, ip: string): Promise<void> {
    await this.db.delete(authFailures).where(eq(authFailures.throttle_key, pairKey(email, ip)));
  }

  /** Growing delay of one account from one address. */
  private async delayWait(key: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count(), last: max(authFailures.failed_at) })
      .from(authFailures)
      .where(
        and(
          eq(authFailures.throttle_key, key),
          gt(authFailures.failed_at, isoAgo(this.limits.windowSeconds * 1000)),
        ),
      );
    const failures = row?.n ?? 0;
    if (failures < this.limits.freeFailures || !row?.last) return 0;
    const { baseDelaySeconds, maxDelaySeconds } = this.limits;
    const exponent = Math.min(failures - this.limits.freeFailures, 30);
    const delay = Math.min(maxDelaySeconds, baseDelaySeconds * 2 ** exponent);
    const until = new Date(row.last).getTime() + delay * 1000;
    return until > Date.now() ? secondsUntil(until) : 0;
  }

  /** A hard ceiling over the last hour: wait until enough failures have aged out of it. */
  private async ceilingWait(key: string, ceiling: number): Promise<number> {
    const since = isoAgo(HOUR_MS);
    const inWindow = and(eq(authFailures.throttle_key, key), gt(authFailures.failed_at, since));
    const [row] = await this.db.select({ n: count() }).from(authFailures).where(inWindow);
    const failures = row?.n ?? 0;
    if (failures < ceiling) return 0;
    // The failure whose ageing out brings the count back under the ceiling.
    const [freeing] = await this.db
      .select({ at: authFailures.failed_at })
      .from(authFailures)
      .where(inWindow)
      .orderBy(asc(authFailures.failed_at))
      .offset(failures - ceiling)
      .limit(1);
    return secondsUntil(new Date(freeing?.at ?? Date.now()).getTime() + HOUR_MS);
  }
}
