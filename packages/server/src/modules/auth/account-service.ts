import { withDeps } from './bind.js';
import type { AuthDeps } from './deps.js';
import { addUser } from './invitation.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import { laboratoryInformation, updatePreferences, userData } from './preferences.js';
import { pscCallback } from './psc/callback.js';
import { linkPsc } from './psc/link-psc.js';
import { pscUser } from './psc/psc-user.js';
import { startPscLink, startPscLogin } from './psc/start.js';
import { unlinkPsc } from './psc/unlink-psc.js';
import { addPushSubscription, pushKey, sendTestPush } from './push.js';
import { accountStatus } from './security/account-status.js';
import { changePassword } from './security/change-password.js';
import { logoutEverywhere } from './security/logout-everywhere.js';
import { ownSessions } from './security/own-sessions.js';
import { updateOtp } from './security/update-otp.js';
import { requestEmailChange } from './verification/request-email-change.js';
import { requestEmailVerification } from './verification/request-email-verification.js';
import { requestPhoneChange } from './verification/request-phone-change.js';
import { requestPhoneVerification } from './verification/request-phone-verification.js';
import { verify } from './verification/verify.js';

/** Creating accounts and what their owners do with them; each job lives in the file it is named after. */
export function createAccountService(deps: AuthDeps) {
  const bound = withDeps(deps);
  return {
    addUser: bound(addUser),
    requestPasswordReset: bound(requestPasswordReset),
    resetPassword: bound(resetPassword),
    requestEmailVerification: bound(requestEmailVerification),
    requestPhoneVerification: bound(requestPhoneVerification),
    verify: bound(verify),
    userData: bound(userData),
    updatePreferences: bound(updatePreferences),
    // Account and security settings, single sign-on and push notifications (issue 18).
    accountStatus: bound(accountStatus),
    requestEmailChange: bound(requestEmailChange),
    requestPhoneChange: bound(requestPhoneChange),
    changePassword: bound(changePassword),
    updateOtp: bound(updateOtp),
    ownSessions: bound(ownSessions),
    logoutEverywhere: bound(logoutEverywhere),
    startPscLogin: bound(startPscLogin),
    startPscLink: bound(startPscLink),
    pscCallback: bound(pscCallback),
    pscUser: bound(pscUser),
    linkPsc: bound(linkPsc),
    unlinkPsc: bound(unlinkPsc),
    pushKey: bound(pushKey),
    addPushSubscription: bound(addPushSubscription),
    sendTestPush: bound(sendTestPush),
    laboratoryInformation: bound(laboratoryInformation),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
