import { and, asc, count, eq, gt, inArray, isNull, lt, max, notInArray, or } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/open.js';
import { authFailures, authSessions } from '../../db/schema/auth.js';

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
const deviceKey = (email: string, machineId: string) => `device:${email}|${machineId}`;
/** How long a browser that once logged in to an account stays known to it. */
const KNOWN_DEVICE_MS = 90 * 24 * HOUR_MS;
/**
 * A refresh token presented twice means the session's tokens, and so its machine id, were copied:
 * that browser id is vouched for no more. A password changed or reset does not end the trust: a
 * reset is what a locked-out owner does, and whoever holds a browser id still needs the new password.
 */
const DOUBTFUL_ENDS = ['refresh token reuse'];
const isoAgo = (ms: number) => new Date(Date.now() - ms).toISOString();
const secondsUntil = (at: number) => Math.max(1, Math.ceil((at - Date.now()) / 1000));

/** What stands between one login attempt and the password check. */
export interface ThrottleState {
  /**
   * The growing delay of this account from this address: the failures of whoever tries it from
   * there. Nobody passes it, not even with the right password: the attacker may be the one who
   * found it.
   */
  ownDelay: number;
  /** The hourly ceilings, per account (whatever the addresses) and per address (whatever the accounts). */
  ceilings: number;
  /** The growing delay of this account from this browser (its auth_machine_id), whatever the addresses. */
  deviceDelay: number;
}

/**
 * Failed logins counted in the database, so that every server copy sees them. An attacker slows
 * only themselves: after a few failures of one account from one address, each further try of that
 * account from that address waits twice as long as the one before. Colleagues behind the same
 * address log in to their own accounts untouched. Two ceilings per hour still bound guessing
 * spread over many addresses (per account) or many accounts (per address). An unknown e-mail is
 * counted like a known one, so that the answers reveal nothing.
 *
 * The ceilings alone would let an attacker lock people out: 100 failures on one e-mail from a
 * botnet shut its owner out for an hour, 1,000 from a laboratory's shared address every colleague
 * behind it (issue 38). So a browser the account has already logged in from (a session was opened
 * for this `auth_machine_id`, `knownDevice`) passes the ceilings, never the delay of its own
 * address. Against credential stuffing this gives nothing away: the machine id lives in the
 * owner's browser and travels only to this server; an attacker sending any other id meets the
 * ceilings as before, and the password is not even checked, so the answer says nothing of it.
 * Should a machine id be stolen, its own failures are counted under it whatever the addresses
 * (`deviceDelay`), so that it buys no more than a few tries before waiting like anyone else
 * (docs/decisions/0024-throttling-known-devices.md).
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly limits: ThrottleLimits,
  ) {}

  /** Seconds the caller must wait before trying again; 0 when the attempt may go ahead. */
  async retryAfter(email: string | null, ip: string): Promise<number> {
    if (email === null) return this.ceilingWait(addressKey(ip), this.limits.maxPerAddress);
    const { ownDelay, ceilings } = await this.state(email, ip, null);
    return Math.max(ownDelay, ceilings);
  }

  /** Every wait that applies to a try of `email` from `ip` and, when known, from browser `machineId`. */
  async state(email: string, ip: string, machineId: string | null): Promise<ThrottleState> {
    const [address, account, ownDelay, deviceDelay] = await Promise.all([
      this.ceilingWait(addressKey(ip), this.limits.maxPerAddress),
      this.ceilingWait(accountKey(email), this.limits.maxPerAccount),
      this.delayWait(pairKey(email, ip)),
      machineId === null ? 0 : this.delayWait(deviceKey(email, machineId)),
    ]);
    return { ownDelay, ceilings: Math.max(address, account), deviceDelay };
  }

  /**
   * Whether the account `uid` opened a session on browser `machineId` in the last 90 days. Sessions
   * are opened only by a whole login (password, and the SMS code or the SSO when asked) and their
   * rows are kept when they end, so the row is the proof that this browser was the owner's; unless
   * it ended in doubt (its refresh token replayed).
   */
  async knownDevice(uid: string | null, machineId: string): Promise<boolean> {
    // Asked for unknown e-mails too (with no uid), so that the time taken says nothing of them.
    const [row] = await this.db
      .select({ n: count() })
      .from(authSessions)
      .where(
        and(
          eq(authSessions.admin_uid, uid ?? '00000000-0000-0000-0000-000000000000'),
          eq(authSessions.auth_machine_id, machineId),
          gt(authSessions.created_at, isoAgo(KNOWN_DEVICE_MS)),
          or(isNull(authSessions.revoke_reason), notInArray(authSessions.revoke_reason, DOUBTFUL_ENDS)),
        ),
      );
    return (row?.n ?? 0) > 0;
  }

  async recordFailure(email: string | null, ip: string, machineId?: string): Promise<void> {
    const keys = [
      addressKey(ip),
      ...(email ? [accountKey(email), pairKey(email, ip)] : []),
      ...(email && machineId ? [deviceKey(email, machineId)] : []),
    ];
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
  async clearAccount(email: string, ip: string, machineId?: string): Promise<void> {
    const keys = [pairKey(email, ip), ...(machineId ? [deviceKey(email, machineId)] : [])];
    await this.db.delete(authFailures).where(inArray(authFailures.throttle_key, keys));
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
