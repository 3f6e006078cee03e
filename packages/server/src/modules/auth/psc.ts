import type { Locale, SsoReturnQuery } from '@sil/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type * as Oidc from 'openid-client';
import type { Config } from '../../config.js';
import { ssoRequests } from '../../db/schema/auth.js';
import { users } from '../../db/schema/users.js';
import { type Authenticated, actorOf, type RequestOrigin } from '../../lib/auth-context.js';
import { AppError, fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { issueLink } from './challenges.js';
import { type AuthDeps, secondsFromNow, securityEvent } from './deps.js';
import { sha256 } from './secrets.js';

/**
 * Pro Santé Connect, the national health-professional single sign-on (spec.md §4 'Session', §7;
 * docs/decisions/0021-pro-sante-connect.md): OpenID Connect authorization code with PKCE and nonce.
 * A professional logs in only into an account linked to them beforehand, from the security page.
 */

/** What /login takes as password after a single sign-on: this prefix and a single-use secret. */
export const SSO_TICKET_PREFIX = 'psc.';
const REQUEST_TTL_SECONDS = 10 * 60;
const TICKET_TTL_SECONDS = 2 * 60;

export const pscConfigured = (config: Config) => Boolean(config.PSC_DISCOVERY_URL && config.PSC_CLIENT_ID);

/** The provider's metadata, discovered once per configuration (again after a failure). */
const discovered = new WeakMap<Config, Promise<Oidc.Configuration>>();

async function provider(deps: AuthDeps): Promise<Oidc.Configuration> {
  const { config } = deps;
  const { PSC_DISCOVERY_URL: discoveryUrl, PSC_CLIENT_ID: clientId } = config;
  if (!discoveryUrl || !clientId) return fail('ssoNotConfigured');
  let pending = discovered.get(config);
  if (!pending) {
    // The OpenID Connect client is imported on the first single sign-on, not at every start.
    pending = import('openid-client').then((oidc) =>
      oidc.discovery(
        new URL(discoveryUrl),
        clientId,
        undefined,
        config.PSC_CLIENT_SECRET ? oidc.ClientSecretBasic(config.PSC_CLIENT_SECRET) : oidc.None(),
        { execute: config.PSC_ALLOW_HTTP ? [oidc.allowInsecureRequests] : [], timeout: 10 },
      ),
    );
    discovered.set(config, pending);
    pending.catch(() => discovered.delete(config));
  }
  try {
    return await pending;
  } catch (error) {
    deps.log.warn({ err: error }, 'Pro Santé Connect discovery failed');
    return fail('ssoFailed');
  }
}

/** Where the provider sends the browser back; the server then forwards it to the right page. */
export const pscCallbackUrl = (config: Config) => `${config.publicUrl}/auth/psc/callback`;

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

/**
 * The provider's return: the browser goes on with state, session_state and code (spec.md §4) to the
 * security page for a link, to the login page otherwise.
 */
export async function pscCallback(
  deps: AuthDeps,
  query: Record<string, string | undefined>,
): Promise<string> {
  const [request] = query.state
    ? await deps.db
        .select()
        .from(ssoRequests)
        .where(eq(ssoRequests.state_hash, sha256(query.state)))
    : [];
  if (!request) return '/fr/?sso_error=ssoRequestNotFound';
  const page = request.purpose === 'link' ? `/${request.locale}/security` : `/${request.locale}/`;
  if (query.error || !query.code) {
    deps.log.info({ error: query.error }, 'Pro Santé Connect answered without a code');
    return `${page}?sso_error=ssoFailed`;
  }
  const forward = new URLSearchParams();
  for (const key of ['state', 'session_state', 'code', 'iss'] as const) {
    const value = query[key];
    if (value) forward.set(key, value);
  }
  return `${page}?${forward}`;
}

interface Professional {
  /** SubjectNameID: the national professional identifier (RPPS-based). */
  nationalId: string;
  summary: string;
}

/** Exchanges the code of a return once, checking PKCE, nonce, state and the eIDAS level. */
async function exchange(
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

/**
 * spec.md §7 GET /get-{provider}-user: the linked account's e-mail and a single-use value that
 * /login takes in place of the password. An unknown professional gets ssoUnknownProfessional: no
 * account is ever created by a single sign-on.
 */
export async function pscUser(deps: AuthDeps, input: SsoReturnQuery, origin: RequestOrigin) {
  const { professional } = await exchange(deps, input, 'login', origin);
  const [user] = await deps.db.select().from(users).where(eq(users.psc_subject, professional.nationalId));
  if (!user || user.user_disabled) {
    await securityEvent(deps, {
      type: 'sso_refused',
      origin,
      uid: user?.admin_uid,
      detail: `no linked account for ${professional.nationalId}`,
    });
    return fail('ssoUnknownProfessional');
  }
  const secret = await issueLink(deps.db, user.admin_uid, 'sso_login', TICKET_TTL_SECONDS);
  return [{ user_email: user.user_email, user_password: `${SSO_TICKET_PREFIX}${secret}` }];
}

/** Links the logged-in account to the professional who came back (the departure was this user's). */
export async function linkPsc(
  deps: AuthDeps,
  caller: Authenticated,
  input: SsoReturnQuery,
  origin: RequestOrigin,
) {
  const { professional, uid } = await exchange(deps, input, 'link', origin);
  if (uid !== caller.user.admin_uid) return fail('ssoRequestNotFound');
  const linkedAt = new Date().toISOString();
  await writeTransaction(
    deps.db,
    actorOf(caller),
    async (tx) => {
      const [other] = await tx
        .select({ uid: users.admin_uid })
        .from(users)
        .where(and(eq(users.psc_subject, professional.nationalId), ne(users.admin_uid, uid)));
      if (other) fail('ssoAlreadyLinked');
      await tx
        .update(users)
        .set({ psc_subject: professional.nationalId, psc_linked_at: linkedAt })
        .where(eq(users.admin_uid, uid));
    },
    { comment: 'Pro Santé Connect link' },
  );
  await securityEvent(deps, {
    type: 'sso_linked',
    origin,
    uid,
    laboratoryId: caller.user.laboratory_id,
    email: caller.user.user_email,
    detail: `${professional.nationalId}; ${professional.summary}`,
  });
  return { psc_linked: true as const, psc_linked_at: linkedAt };
}

export async function unlinkPsc(deps: AuthDeps, caller: Authenticated, origin: RequestOrigin) {
  await writeTransaction(
    deps.db,
    actorOf(caller),
    (tx) =>
      tx
        .update(users)
        .set({ psc_subject: null, psc_linked_at: null })
        .where(eq(users.admin_uid, caller.user.admin_uid)),
    { comment: 'Pro Santé Connect link removed' },
  );
  await securityEvent(deps, {
    type: 'sso_unlinked',
    origin,
    uid: caller.user.admin_uid,
    laboratoryId: caller.user.laboratory_id,
    email: caller.user.user_email,
  });
}
