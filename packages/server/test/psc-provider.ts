import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider on this machine (the oidc-provider package) configured like Pro Santé
 * Connect: scope `openid scope_all`, the eIDAS level in `acr`, and the PSC user claims
 * (SubjectNameID, SubjectRefPro.exercices[], SubjectRole, SubjectOrganization) at the userinfo
 * endpoint. Its login screen is replaced by an automatic one: the professional the test chose
 * (`nextLogin`) authenticates at the level it chose, and consents.
 */

export interface Professional {
  /** The account id at the provider (the `sub`). */
  sub: string;
  /** The national professional identifier (RPPS-based). */
  nationalId: string;
  name: string;
}

export interface PscProvider {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /** Who logs in at the next interaction, and at which eIDAS level. */
  nextLogin: { professional: Professional; acr: string };
  close(): Promise<void>;
}

export const DR_MARTIN: Professional = {
  sub: 'f:psc:810000000001',
  nationalId: '810000000001',
  name: 'Martin',
};
export const DR_UNKNOWN: Professional = {
  sub: 'f:psc:810000000999',
  nationalId: '810000000999',
  name: 'Inconnu',
};

function claimsOf(professional: Professional) {
  return {
    sub: professional.sub,
    SubjectNameID: professional.nationalId,
    SubjectRole: ['10^1.2.250.1.213.1.1.5.5'],
    SubjectOrganization: 'Laboratoire de biologie médicale de démonstration',
    SubjectRefPro: {
      codeCivilite: 'DR',
      exercices: [
        {
          codeProfession: '10',
          codeCategorieProfessionnelle: 'C',
          nomDexercice: professional.name.toUpperCase(),
          prenomDexercice: 'Jeanne',
          activities: [{ codeModeExercice: 'S', raisonSocialeSite: 'LBM Démo' }],
        },
      ],
    },
    given_name: 'Jeanne',
    family_name: professional.name.toUpperCase(),
  };
}

/** Starts the provider; `redirectUri` is the SIL server's /auth/psc/callback. */
export async function startPscProvider(redirectUri: string): Promise<PscProvider> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'psc-test', use: 'sig', alg: 'RS256' };
  const known = new Map<string, Professional>();
  const state: PscProvider = {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId: 'sil-test',
    clientSecret: 'sil-test-secret-0123456789abcdef',
    nextLogin: { professional: DR_MARTIN, acr: 'eidas1' },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: state.clientId,
        client_secret: state.clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    scopes: ['openid', 'scope_all'],
    claims: {
      openid: ['sub'],
      scope_all: [
        'SubjectNameID',
        'SubjectRefPro',
        'SubjectRole',
        'SubjectOrganization',
        'given_name',
        'family_name',
      ],
    },
    acrValues: ['eidas1', 'eidas2', 'eidas3'],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['psc-test-cookie-key-0123456789'] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const professional = known.get(id);
      if (!professional) return undefined;
      return { accountId: id, claims: async () => claimsOf(professional) };
    },
  });
  provider.proxy = false;
  const callback = provider.callback();
  handler = (req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      callback(req, res);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const { professional, acr } = state.nextLogin;
      known.set(professional.sub, professional);
      const grant = new provider.Grant({
        accountId: professional.sub,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: professional.sub, acr }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  };
  return state;
}

/**
 * Follows the browser's way through the provider (redirects and cookies) from the authorization
 * address until it comes back to `redirectUri`; answers that return address.
 */
export async function throughProvider(authorizationUrl: string, redirectUri: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(redirectUri)) return new URL(url);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects at the provider');
}
