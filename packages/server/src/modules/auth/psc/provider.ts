import type * as Oidc from 'openid-client';
import type { Config } from '../../../config.js';
import { fail } from '../../../lib/errors.js';
import type { AuthDeps } from '../deps.js';

/**
 * Pro Santé Connect, the national health-professional single sign-on (spec.md §4 'Session', §7;
 * docs/decisions/0021-pro-sante-connect.md): OpenID Connect authorization code with PKCE and nonce.
 * A professional logs in only into an account linked to them beforehand, from the security page.
 */

/** What /login takes as password after a single sign-on: this prefix and a single-use secret. */
export const SSO_TICKET_PREFIX = 'psc.';

export const pscConfigured = (config: Config) => Boolean(config.PSC_DISCOVERY_URL && config.PSC_CLIENT_ID);

/** The provider's metadata, discovered once per configuration (again after a failure). */
const discovered = new WeakMap<Config, Promise<Oidc.Configuration>>();

export async function provider(deps: AuthDeps): Promise<Oidc.Configuration> {
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
