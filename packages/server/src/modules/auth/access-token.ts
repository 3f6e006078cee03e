import { errors, jwtVerify, SignJWT } from 'jose';
import { fail } from '../../lib/errors.js';

export interface AccessClaims {
  uid: string;
  sessionId: string;
  authMachineId: string;
}

/** Short-lived HS256 access tokens bound to the user, the session and the browser's auth_machine_id. */
export class AccessTokens {
  private readonly key: Uint8Array;
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
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const { sub, sid, amid } = payload;
      if (typeof sub !== 'string' || typeof sid !== 'string' || typeof amid !== 'string') {
        return fail('invalidAccessToken');
      }
      return { uid: sub, sessionId: sid, authMachineId: amid };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return fail('accessTokenExpired');
      return fail('invalidAccessToken');
    }
  }
}
