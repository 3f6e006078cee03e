import type { Locale } from '@sil/contract';
import { ssoRequests } from '../../../db/schema/auth.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { AppError } from '../../../lib/errors.js';
import { type AuthDeps, secondsFromNow } from '../deps.js';
import { sha256 } from '../secrets.js';
import { provider, pscCallbackUrl } from './provider.js';

const REQUEST_TTL_SECONDS = 10 * 60;

/** A sign-on request kept for its return (state, PKCE verifier, nonce), and the provider's address for it. */
async function startRequest(
  deps: AuthDeps,
  purpose: 'login' | 'link',
  uid: string | null,
  locale: Locale,
): Promise<string> {
  const configuration = await provider(deps);
  const oidc = await import('openid-client');
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  await deps.db.insert(ssoRequests).values({
    state_hash: sha256(state),
    purpose,
    admin_uid: uid,
    locale,
    code_verifier: verifier,
    nonce,
    expires_at: secondsFromNow(REQUEST_TTL_SECONDS),
  });
  return oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: pscCallbackUrl(deps.config),
    scope: deps.config.PSC_SCOPE,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    acr_values: deps.config.PSC_ACR_VALUES,
  }).href;
}

const codeOf = (error: unknown) => (error instanceof AppError ? error.code : 'ssoFailed');

/** The single sign-on button: to the provider, or back to login with the reason it cannot go. */
export async function startPscLogin(deps: AuthDeps, locale: Locale): Promise<string> {
  try {
    return await startRequest(deps, 'login', null, locale);
  } catch (error) {
    return `/${locale}/?sso_error=${codeOf(error)}`;
  }
}

/** The security page's 'link' button: the address of the provider for this user. */
export async function startPscLink(deps: AuthDeps, caller: Authenticated, locale: Locale | undefined) {
  const url = await startRequest(
    deps,
    'link',
    caller.user.admin_uid,
    locale ?? caller.user.preferences.locale ?? 'fr',
  );
  return { url };
}
