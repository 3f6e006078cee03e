import { padOtp, type WebLocale } from '@sil/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { failProgress } from '../../lib/progress';
import { queryKeys } from '../../lib/query-keys';
import { newAuthMachineId, sha256Hex } from '../../lib/session';
import { completeLogin } from './complete-login';
import type { ForgotForm, LoginForm, NewPasswordForm, OtpForm } from './schemas';

/**
 * The auth feature's calls: logging in (with its SMS code step), asking for and setting a new
 * password, and confirming a verification link. Passwords leave the browser as SHA-256 only.
 */

/** A login that waits for its SMS code: the e-mail and the machine id the code is bound to. */
export interface PendingOtp {
  email: string;
  machineId: string;
}

export type LoginOutcome = ({ kind: 'otp' } & PendingOtp) | { kind: 'done'; destination: string };

/** Credentials: either the account needs an SMS code, or the session starts and names where to go. */
export function useLogin(locale: WebLocale, onSuccess: (outcome: LoginOutcome) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: LoginForm): Promise<LoginOutcome> => {
      const machineId = newAuthMachineId();
      const answer = await call('login', {
        body: {
          email: values.email,
          auth_machine_id: machineId,
          password: await sha256Hex(values.password),
          locale,
        },
      });
      if ('otpSent' in answer) return { kind: 'otp', email: values.email, machineId };
      return { kind: 'done', destination: await completeLogin(answer, machineId, locale, queryClient) };
    },
    // A refused login shows its reason under the form (LoginFormView), once: no toast beside it;
    // the page's progress bar still shows the failure.
    meta: { quiet: true },
    onError: failProgress,
    onSuccess,
  });
}

/**
 * The return of the national single sign-on (spec.md §4 'Session', §7): the provider's state and
 * code are exchanged for the linked account's e-mail and a single-use value, which /login takes.
 */
export function useSsoLogin(locale: WebLocale, onSuccess: (destination: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (query: { state: string; code: string; session_state?: string; iss?: string }) => {
      const [user] = await call('getPscUser', { query });
      if (!user) throw new Error('No account came back from the single sign-on');
      const machineId = newAuthMachineId();
      const answer = await call('login', {
        body: { email: user.user_email, auth_machine_id: machineId, password: user.user_password, locale },
      });
      if ('otpSent' in answer) throw new Error('A single sign-on never asks for an SMS code');
      return completeLogin(answer, machineId, locale, queryClient);
    },
    onSuccess,
  });
}

/** The SMS code of a pending login; the session starts and names where to go. */
export function useOtpLogin(
  locale: WebLocale,
  pending: PendingOtp | null,
  onSuccess: (destination: string) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: OtpForm) => {
      if (!pending) throw new Error('No login waits for a code');
      const tokens = await call('loginWithOtp', {
        body: { email: pending.email, auth_machine_id: pending.machineId, otp_code: padOtp(values.code) },
      });
      return completeLogin(tokens, pending.machineId, locale, queryClient);
    },
    onSuccess,
  });
}

export function useRequestPasswordReset(locale: WebLocale, onSuccess: () => void) {
  return useMutation({
    mutationFn: (values: ForgotForm) =>
      call('requestPasswordReset', { body: { email: values.email, locale } }),
    onSuccess,
  });
}

/** The new password of a reset link. */
export function useResetPassword(token: string | null, onSuccess: () => void) {
  return useMutation({
    mutationFn: async (values: NewPasswordForm) =>
      call('resetPassword', {
        body: { reset_password_link: token ?? '', new_password: await sha256Hex(values.password) },
      }),
    onSuccess,
  });
}

/** The verification link of an e-mail or a mobile, confirmed once when the page opens. */
export function useVerification(kind: 'email' | 'phone', token: string) {
  return useQuery({
    queryKey: queryKeys.verification(kind, token),
    queryFn: () =>
      call(kind === 'email' ? 'verifyEmail' : 'verifyPhoneNumber', { body: { verification_token: token } }),
    // The page states the outcome itself; a toast would say it twice.
    meta: { quiet: true },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
