import type { SsoReturnQuery } from '@sil/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type * as Oidc from 'openid-client';
import { ssoRequests } from '../../../db/schema/auth.js';
import type { RequestOrigin } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { type AuthDeps, securityEvent } from '../deps.js';
import { sha256 } from '../secrets.js';
import { provider, pscCallbackUrl } from './provider.js';

interface Professional {
  /** SubjectNameID: the national professional identifier (RPPS-based). */
  nationalId: string;
  summary: string;
}

/** Exchanges the code of a return once, checking PKCE, nonce, state and the eIDAS level. */
export async function exchange(
  deps: AuthDeps,
  input: SsoReturnQuery,
  purpose: 'login' | 'link',
  origin: RequestOrigin,
): Promise<{ professional: Professional; uid: string | null }> {
  const configuration = await provider(deps);
  const oidc = await import('openid-client');
  const [request] = await deps.db
    .update(ssoRequests)
    .set({ used_at: new Date().toISOString() })
    .where(
      and(
        eq(ssoRequests.state_hash, sha256(input.state)),
        eq(ssoRequests.purpose, purpose),
        isNull(ssoRequests.used_at),
      ),
    )
    .returning();
  if (!request || new Date(request.expires_at).getTime() <= Date.now()) return fail('ssoRequestNotFound');
  const currentUrl = new URL(pscCallbackUrl(deps.config));
  for (const [key, value] of Object.entries(input)) if (value) currentUrl.searchParams.set(key, value);
  const refuse = async (detail: string, code: 'ssoFailed' | 'ssoLevelInsufficient') => {
    await securityEvent(deps, { type: 'sso_refused', origin, uid: request.admin_uid, detail });
    return fail(code);
  };
  let tokens: Awaited<ReturnType<typeof Oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: request.code_verifier,
      expectedNonce: request.nonce,
      expectedState: input.state,
      idTokenExpected: true,
    });
  } catch (error) {
    deps.log.warn({ err: error }, 'Pro Santé Connect code exchange failed');
    return refuse(`exchange: ${error instanceof Error ? error.message : 'failed'}`, 'ssoFailed');
  }
  const claims = tokens.claims();
  const accepted = deps.config.PSC_ACR_VALUES.split(/\s+/).filter(Boolean);
  if (!claims || typeof claims.acr !== 'string' || !accepted.includes(claims.acr)) {
    return refuse(`acr ${String(claims?.acr)} not in ${accepted.join(' ')}`, 'ssoLevelInsufficient');
  }
  let info: Record<string, unknown>;
  try {
    info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
  } catch (error) {
    deps.log.warn({ err: error }, 'Pro Santé Connect userinfo failed');
    return refuse('userinfo failed', 'ssoFailed');
  }
  const nationalId = info.SubjectNameID ?? claims.SubjectNameID;
  if (typeof nationalId !== 'string' || nationalId.length === 0)
    return refuse('no SubjectNameID', 'ssoFailed');
  return { professional: { nationalId, summary: summaryOf(info) }, uid: request.admin_uid };
}

/** Role, profession and organisation of the professional, for the security event. */
function summaryOf(info: Record<string, unknown>): string {
  const refPro = info.SubjectRefPro as { exercices?: Array<Record<string, unknown>> } | undefined;
  const professions = (refPro?.exercices ?? [])
    .map((exercice) => exercice.codeProfession)
    .filter((code) => code !== undefined);
  const parts = [
    `role ${JSON.stringify(info.SubjectRole ?? null)}`,
    `professions ${JSON.stringify(professions)}`,
    `organization ${JSON.stringify(info.SubjectOrganization ?? null)}`,
  ];
  return parts.join(', ').slice(0, 500);
}
