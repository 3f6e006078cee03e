import { errors, jwtVerify, SignJWT } from 'jose';
import { fail } from '../../lib/errors.js';

export interface AccessClaims {
  uid: string;
  sessionId: string;
  authMachineId: string;
}

/** Short-lived HS256 access tokens bound to the user, the session and the browser's auth_machine_id. */
/** How many verified tokens are remembered: about one per browser active within a token's lifetime. */
const VERIFIED_TOKENS_KEPT = 10_000;

export class AccessTokens {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature was already checked, with their claims and expiry: checking an HS256
   * signature costs more than the rest of a small call. Only the signature check is remembered;
   * the session behind the token is read on every call, so a revocation still takes effect at once.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, amid: claims.authMachineId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.uid)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Answers the claims, or fails with accessTokenExpired / invalidAccessToken. */
  async verify(token: string): Promise<AccessClaims> {
    const known = this.verified.get(token);
    if (known && known.expiresAtMs > Date.now()) return known.claims;
    if (known) this.verified.delete(token);
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const { sub, sid, amid, exp } = payload;
      if (typeof sub !== 'string' || typeof sid !== 'string' || typeof amid !== 'string') {
        return fail('invalidAccessToken');
      }
      const claims = { uid: sub, sessionId: sid, authMachineId: amid };
      if (typeof exp === 'number') {
        if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.clear();
        this.verified.set(token, { claims, expiresAtMs: exp * 1000 });
      }
      return claims;
    } catch (error) {
      if (error instanceof errors.JWTExpired) return fail('accessTokenExpired');
      return fail('invalidAccessToken');
    }
  }
}
