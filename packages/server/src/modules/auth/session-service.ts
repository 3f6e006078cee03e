import type { LoginAnswer, Rights, Tokens } from '@sil/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { authChallenges, authSessions, users } from '../../db/schema/index.js';
import { fail } from '../../lib/errors.js';
import { type RequestOrigin, recordSecurityEvent } from '../audit/security-log.js';
import { rightsOf, type UserRow } from '../users/rights.js';
import type { AuthDeps } from './deps.js';
import { messagesFor } from './messages.js';
import { randomOtp, randomSecret, sameHash, sha256, verifyPassword } from './secrets.js';

export type SessionRow = typeof authSessions.$inferSelect;

/** The caller of a protected route, as the authorization hook found it. */
export interface Authenticated {
  user: UserRow;
  session: SessionRow;
  rights: Rights;
}

const now = () => new Date();
const later = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

function splitRefreshToken(token: string): { sessionId: string; secret: string } {
  const [sessionId, secret, extra] = token.split('.');
  if (!sessionId || !secret || extra !== undefined || !/^[0-9a-f-]{36}$/.test(sessionId)) {
    return fail('invalidRefreshToken');
  }
  return { sessionId, secret };
}

export function createSessionService(deps: AuthDeps) {
  const { db, config, tokens, throttle, sms, log } = deps;
  const security = (event: Parameters<typeof recordSecurityEvent>[2]) => recordSecurityEvent(db, log, event);

  async function findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [user] = await db.select().from(users).where(eq(users.user_email, email));
    return user;
  }

  async function openSession(user: UserRow, authMachineId: string, origin: RequestOrigin): Promise<Tokens> {
    const secret = randomSecret();
    const [session] = await db
      .insert(authSessions)
      .values({
        admin_uid: user.admin_uid,
        auth_machine_id: authMachineId,
        refresh_hash: sha256(secret),
        expires_at: later(config.SESSION_ABSOLUTE_SECONDS),
      })
      .returning();
    if (!session) return fail('unexpectedError');
    await security({
      type: 'login',
      origin,
      uid: user.admin_uid,
      laboratoryId: user.laboratory_id,
      email: user.user_email,
    });
    const access_token = await tokens.sign({
      uid: user.admin_uid,
      sessionId: session.session_id,
      authMachineId,
    });
    return { access_token, refresh_token: `${session.session_id}.${secret}`, uid: user.admin_uid };
  }

  async function revokeSession(sessionId: string, reason: string): Promise<void> {
    await db
      .update(authSessions)
      .set({ revoked_at: now().toISOString(), revoke_reason: reason })
      .where(and(eq(authSessions.session_id, sessionId), isNull(authSessions.revoked_at)));
  }

  /** A session ends when revoked, past its absolute lifetime, idle too long, or its user is disabled. */
  function sessionIsLive(session: SessionRow, user: UserRow): boolean {
    if (session.revoked_at || user.user_disabled) return false;
    const t = Date.now();
    if (new Date(session.expires_at).getTime() <= t) return false;
    return new Date(session.last_used_at).getTime() + config.SESSION_IDLE_SECONDS * 1000 > t;
  }

  async function refuseLogin(
    email: string,
    origin: RequestOrigin,
    user: UserRow | undefined,
    detail: string,
  ) {
    await throttle.recordFailure(email, origin.ip);
    await security({
      type: 'login_failed',
      origin,
      uid: user?.admin_uid,
      laboratoryId: user?.laboratory_id,
      email,
      detail,
    });
    return fail('incorrectCredentials');
  }

  async function assertNotThrottled(email: string, origin: RequestOrigin) {
    if (await throttle.isBlocked(email, origin.ip)) {
      await security({ type: 'login_throttled', origin, email });
      fail('tooManyAttempts');
    }
  }

  return {
    async login(
      input: { email: string; auth_machine_id: string; password: string; locale?: 'fr' | 'en' },
      origin: RequestOrigin,
    ): Promise<LoginAnswer> {
      await assertNotThrottled(input.email, origin);
      const user = await findUserByEmail(input.email);
      const passwordOk = await verifyPassword(user?.password_hash ?? null, input.password.toLowerCase());
      if (!user || !passwordOk) return refuseLogin(input.email, origin, user, 'wrong e-mail or password');
      if (user.user_disabled) return refuseLogin(input.email, origin, user, 'account disabled');
      await throttle.clearAccount(input.email);
      if (!user.otp_enabled) return openSession(user, input.auth_machine_id, origin);

      if (!user.user_phone_num) return fail('missingVerifiedPhone');
      const code = randomOtp();
      await db
        .update(authChallenges)
        .set({ used_at: now().toISOString() })
        .where(
          and(
            eq(authChallenges.admin_uid, user.admin_uid),
            eq(authChallenges.purpose, 'otp'),
            isNull(authChallenges.used_at),
          ),
        );
      await db.insert(authChallenges).values({
        admin_uid: user.admin_uid,
        purpose: 'otp',
        secret_hash: sha256(code),
        auth_machine_id: input.auth_machine_id,
        expires_at: later(config.OTP_TTL_SECONDS),
      });
      await sms.send(user.user_phone_num, messagesFor(input.locale ?? user.preferences.locale).otp(code));
      await security({
        type: 'otp_sent',
        origin,
        uid: user.admin_uid,
        laboratoryId: user.laboratory_id,
        email: user.user_email,
      });
      return { otpSent: true };
    },

    async loginWithOtp(
      input: { email: string; auth_machine_id: string; otp_code: string },
      origin: RequestOrigin,
    ): Promise<Tokens> {
      await assertNotThrottled(input.email, origin);
      const user = await findUserByEmail(input.email);
      const [challenge] = user
        ? await db
            .select()
            .from(authChallenges)
            .where(
              and(
                eq(authChallenges.admin_uid, user.admin_uid),
                eq(authChallenges.purpose, 'otp'),
                eq(authChallenges.auth_machine_id, input.auth_machine_id),
                isNull(authChallenges.used_at),
              ),
            )
            .orderBy(desc(authChallenges.created_at))
            .limit(1)
        : [];
      if (!user || !challenge || user.user_disabled) return fail('otpNotFound');
      if (new Date(challenge.expires_at).getTime() <= Date.now()) return fail('otpExpired');
      if (!sameHash(challenge.secret_hash, sha256(input.otp_code))) {
        const attempts = challenge.attempts + 1;
        await db
          .update(authChallenges)
          .set({ attempts, ...(attempts >= config.OTP_MAX_ATTEMPTS ? { used_at: now().toISOString() } : {}) })
          .where(eq(authChallenges.challenge_id, challenge.challenge_id));
        await throttle.recordFailure(input.email, origin.ip);
        await security({
          type: 'otp_failed',
          origin,
          uid: user.admin_uid,
          laboratoryId: user.laboratory_id,
          email: user.user_email,
        });
        return fail('incorrectOtp', { attempts_left: Math.max(0, config.OTP_MAX_ATTEMPTS - attempts) });
      }
      const consumed = await db
        .update(authChallenges)
        .set({ used_at: now().toISOString() })
        .where(and(eq(authChallenges.challenge_id, challenge.challenge_id), isNull(authChallenges.used_at)))
        .returning();
      if (consumed.length === 0) return fail('otpNotFound');
      await throttle.clearAccount(input.email);
      return openSession(user, input.auth_machine_id, origin);
    },

    /** Checks an access token against its session and user; the basis of every protected call. */
    async authenticate(accessToken: string, uid: string, authMachineId: string): Promise<Authenticated> {
      const claims = await tokens.verify(accessToken);
      if (claims.uid !== uid || claims.authMachineId !== authMachineId) return fail('invalidAccessToken');
      const [row] = await db
        .select({ session: authSessions, user: users })
        .from(authSessions)
        .innerJoin(users, eq(users.admin_uid, authSessions.admin_uid))
        .where(eq(authSessions.session_id, claims.sessionId));
      if (!row || row.user.admin_uid !== uid || !sessionIsLive(row.session, row.user))
        return fail('authNotFound');
      return { user: row.user, session: row.session, rights: rightsOf(row.user) };
    },

    async refresh(
      input: { uid: string; auth_machine_id: string; refresh_token: string },
      origin: RequestOrigin,
    ): Promise<{ access_token: string; refresh_token: string; rights: Rights }> {
      const { sessionId, secret } = splitRefreshToken(input.refresh_token);
      const [row] = await db
        .select({ session: authSessions, user: users })
        .from(authSessions)
        .innerJoin(users, eq(users.admin_uid, authSessions.admin_uid))
        .where(eq(authSessions.session_id, sessionId));
      if (!row || row.user.admin_uid !== input.uid || row.session.auth_machine_id !== input.auth_machine_id) {
        return fail('invalidRefreshToken');
      }
      const { session, user } = row;
      if (session.revoked_at) return fail('authNotFound');
      const presented = sha256(secret);
      if (!sameHash(session.refresh_hash, presented)) {
        // An old refresh token came back: someone holds a copy. End the whole session.
        await revokeSession(sessionId, 'refresh token reuse');
        await security({
          type: 'refresh_reuse',
          origin,
          uid: user.admin_uid,
          laboratoryId: user.laboratory_id,
        });
        return fail('invalidRefreshToken');
      }
      if (!sessionIsLive(session, user)) {
        await revokeSession(sessionId, 'expired');
        return fail('authNotFound');
      }
      const nextSecret = randomSecret();
      const rotated = await db
        .update(authSessions)
        .set({ refresh_hash: sha256(nextSecret), last_used_at: now().toISOString() })
        .where(
          and(
            eq(authSessions.session_id, sessionId),
            eq(authSessions.refresh_hash, presented),
            isNull(authSessions.revoked_at),
          ),
        )
        .returning();
      if (rotated.length === 0) {
        await revokeSession(sessionId, 'refresh token reuse');
        return fail('invalidRefreshToken');
      }
      const access_token = await tokens.sign({
        uid: user.admin_uid,
        sessionId,
        authMachineId: input.auth_machine_id,
      });
      return { access_token, refresh_token: `${sessionId}.${nextSecret}`, rights: rightsOf(user) };
    },

    async logout(refreshToken: string, origin: RequestOrigin): Promise<void> {
      const { sessionId, secret } = splitRefreshToken(refreshToken);
      const [session] = await db.select().from(authSessions).where(eq(authSessions.session_id, sessionId));
      if (!session || !sameHash(session.refresh_hash, sha256(secret))) return fail('invalidRefreshToken');
      await revokeSession(sessionId, 'logout');
      await security({ type: 'logout', origin, uid: session.admin_uid });
    },

    /** Ends every session of a user (disabled account, new password). */
    async revokeAllSessions(uid: string, reason: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ revoked_at: now().toISOString(), revoke_reason: reason })
        .where(and(eq(authSessions.admin_uid, uid), isNull(authSessions.revoked_at)));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
