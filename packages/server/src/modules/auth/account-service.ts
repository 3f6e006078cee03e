import { withDeps } from './bind.js';
import type { AuthDeps } from './deps.js';
import { addUser } from './invitation.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import { updatePreferences, userData } from './preferences.js';
import { requestEmailVerification, requestPhoneVerification, verify } from './verification.js';

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
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
