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

  // Account and security settings, Pro Santé Connect, push notifications (issue 18).
  handle(app, 'pscStart', ({ query }) => accounts.startPscLogin(query.locale));
  handle(app, 'pscCallback', ({ query }) => accounts.pscCallback(query));
  handle(app, 'getAccountStatus', ({ auth }) => accounts.accountStatus(auth));
  handle(app, 'requestEmailChange', async ({ auth, body }) => {
    await accounts.requestEmailChange(auth, body.new_email, body.locale);
    return success;
  });
  handle(app, 'requestPhoneChange', async ({ auth, body }) => {
    await accounts.requestPhoneChange(auth, body.new_phone, body.locale);
    return success;
  });
  handle(app, 'changePassword', async ({ auth, body, origin }) => {
    await accounts.changePassword(auth, body, origin);
    return success;
  });
  handle(app, 'updateOtp', ({ auth, body, origin }) => accounts.updateOtp(auth, body.otp_enabled, origin));
  handle(app, 'getOwnSessions', ({ auth }) => accounts.ownSessions(auth));
  handle(app, 'logoutEverywhere', ({ auth, body, origin }) =>
    accounts.logoutEverywhere(auth, body.keep_current ?? false, origin),
  );
  handle(app, 'getPscUser', ({ query, origin }) => accounts.pscUser(query, origin));
  handle(app, 'startPscLink', ({ auth, body }) => accounts.startPscLink(auth, body.locale));
  handle(app, 'linkPscAccount', ({ auth, body, origin }) => accounts.linkPsc(auth, body, origin));
  handle(app, 'unlinkPscAccount', async ({ auth, origin }) => {
    await accounts.unlinkPsc(auth, origin);
    return success;
  });
  handle(app, 'getPushKey', async () => accounts.pushKey());
  handle(app, 'addPushSubscription', ({ auth, body }) => accounts.addPushSubscription(auth, body));
  handle(app, 'sendTestPush', ({ auth }) => accounts.sendTestPush(auth));
  handle(app, 'getLaboratoryInformation', ({ auth }) => accounts.laboratoryInformation(auth));
}
