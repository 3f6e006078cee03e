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
    nextLogin: {
        professional: Professional;
        acr: string;
    };
    close(): Promise<void>;
}
export declare const DR_MARTIN: Professional;
export declare const DR_UNKNOWN: Professional;
/** Starts the provider; `redirectUri` is the SIL server's /auth/psc/callback. */
export declare function startPscProvider(redirectUri: string): Promise<PscProvider>;
/**
 * Follows the browser's way through the provider (redirects and cookies) from the authorization
 * address until it comes back to `redirectUri`; answers that return address.
 */
export declare function throughProvider(authorizationUrl: string, redirectUri: string): Promise<URL>;
