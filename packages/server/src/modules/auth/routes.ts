import type { FastifyInstance } from 'fastify';
import { handle } from '../../lib/route.js';
import type { AccountService } from './account-service.js';
import type { SessionService } from './session-service.js';

const success = { success: true } as const;

export function authRoutes(app: FastifyInstance, sessions: SessionService, accounts: AccountService): void {
  handle(app, 'login', ({ body, origin }) => sessions.login(body, origin));
  handle(app, 'loginWithOtp', ({ body, origin }) => sessions.loginWithOtp(body, origin));
  handle(app, 'refreshTokens', ({ body, origin }) => sessions.refresh(body, origin));
  handle(app, 'isAccessTokenValid', async ({ body }) => {
    const caller = await sessions.authenticate(body.access_token, body.uid, body.auth_machine_id);
    return { valid: true, rights: caller.rights };
  });
  handle(app, 'logout', async ({ body, origin }) => {
    await sessions.logout(body.refresh_token, origin);
    return success;
  });
  handle(app, 'addNewUser', ({ auth, body }) => accounts.addUser(auth, body, { type: 'internal' }));
  handle(app, 'addNewExternalUser', ({ auth, body }) =>
    accounts.addUser(auth, body, {
      type: 'external',
      clinic_id: body.clinic_id,
      external_account_type: body.external_account_type,
    }),
  );
  handle(app, 'addNewPrescriberUser', ({ auth, body }) =>
    accounts.addUser(auth, body, { type: 'prescriber', prescriber_id: body.prescriber_id }),
  );
  handle(app, 'requestPasswordReset', ({ body, origin }) =>
    accounts.requestPasswordReset(body.email, body.locale, origin),
  );
  handle(app, 'resetPassword', async ({ body, origin }) => {
    await accounts.resetPassword(body.reset_password_link, body.new_password, origin);
    return success;
  });
  handle(app, 'getUserData', ({ auth }) => accounts.userData(auth));
  handle(app, 'updateUserPreferences', ({ auth, body }) => accounts.updatePreferences(auth, body));
  handle(app, 'requestEmailVerification', async ({ auth, body }) => {
    await accounts.requestEmailVerification(auth, body.locale);
    return success;
  });
  handle(app, 'requestPhoneVerification', async ({ auth, body }) => {
    await accounts.requestPhoneVerification(auth, body.locale);
    return success;
  });
  handle(app, 'verifyEmail', async ({ body }) => {
    await accounts.verify(body.verification_token, 'email');
    return success;
  });
  handle(app, 'verifyPhoneNumber', async ({ body }) => {
    await accounts.verify(body.verification_token, 'phone');
    return success;
  });

  // The national health-professional single sign-on (Pro Santé Connect) is not connected yet:
  // the button's navigation comes back to the login page with a code the page explains.
  handle(app, 'pscStart', async ({ query }) => `/${query.locale}/?sso_error=ssoNotConfigured`);
}
