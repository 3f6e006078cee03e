import { eq } from 'drizzle-orm';
import { ssoRequests } from '../../../db/schema/auth.js';
import type { AuthDeps } from '../deps.js';
import { sha256 } from '../secrets.js';

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
