import type { Preferences, RouteBody } from '@sil/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { updatePreferences } from '../../lib/auth-actions';
import { queryKeys } from '../../lib/query-keys';
import { sha256Hex } from '../../lib/session';

/** Saves a preference; the session keeps the preferences, so no query is refreshed. */
export function useSavePreferences() {
  return useMutation({ mutationFn: (change: Partial<Preferences>) => updatePreferences(change) });
}

/**
 * The laboratory's identity (name, address, phone, FINESS, accreditation) as reports print it. Its
 * key stays here: only this screen reads it, and the shared key module is part of the first load.
 */
const IDENTITY_KEY = ['laboratory-identity'] as const;

/** The laboratory's identity, read by the information screen. */
export function useLaboratoryIdentity(enabled: boolean) {
  return useQuery({
    queryKey: IDENTITY_KEY,
    queryFn: () => call('getLaboratoryIdentity', {}),
    enabled,
  });
}

export function useUpdateLaboratoryIdentity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'updateLaboratoryIdentity'>) => call('updateLaboratoryIdentity', { body }),
    onSuccess: (identity) => {
      client.setQueryData(IDENTITY_KEY, identity);
      // The settings share the laboratory's stamp: the other forms read the new one.
      return Promise.all([
        client.invalidateQueries({ queryKey: EXCHANGE_KEY }),
        client.invalidateQueries({ queryKey: SECURE_MESSAGING_KEY }),
      ]);
    },
  });
}

/** Where validated records' results are sent (HPRIM, HL7, FHIR, CDA); only this screen reads it. */
const EXCHANGE_KEY = ['exchange-destination'] as const;

export function useExchangeDestination(enabled: boolean) {
  return useQuery({
    queryKey: EXCHANGE_KEY,
    queryFn: () => call('getExchangeDestination', {}),
    enabled,
  });
}

export function useUpdateExchangeDestination() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'updateExchangeDestination'>) => call('updateExchangeDestination', { body }),
    onSuccess: (destination) => {
      client.setQueryData(EXCHANGE_KEY, destination);
      return Promise.all([
        client.invalidateQueries({ queryKey: IDENTITY_KEY }),
        client.invalidateQueries({ queryKey: SECURE_MESSAGING_KEY }),
      ]);
    },
  });
}

/** The laboratory's secure messaging (MSSanté) relay; only this screen reads it. */
const SECURE_MESSAGING_KEY = ['secure-messaging'] as const;

export function useSecureMessaging(enabled: boolean) {
  return useQuery({
    queryKey: SECURE_MESSAGING_KEY,
    queryFn: () => call('getSecureMessaging', {}),
    enabled,
  });
}

export function useUpdateSecureMessaging() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'updateSecureMessaging'>) => call('updateSecureMessaging', { body }),
    onSuccess: (relay) => {
      client.setQueryData(SECURE_MESSAGING_KEY, relay);
      return Promise.all([
        client.invalidateQueries({ queryKey: IDENTITY_KEY }),
        client.invalidateQueries({ queryKey: EXCHANGE_KEY }),
      ]);
    },
  });
}

/** The logged-in user: e-mail, mobile and their Verified / Unverified state, rights, laboratory. */
export function useUserData() {
  return useQuery({ queryKey: queryKeys.userData, queryFn: () => call('getUserData', {}) });
}

/** Pending e-mail or mobile changes, the single sign-on link and push subscriptions. */
export function useAccountStatus() {
  return useQuery({ queryKey: queryKeys.accountStatus, queryFn: () => call('getAccountStatus', {}) });
}

/**
 * After a change of the account: the user's data and status are read again. A first read still on
 * its way may have been answered before the change (the security page reads the status while it
 * links Pro Santé Connect); invalidating would only wait for it, so it is cancelled first.
 */
function useRefreshUser() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.cancelQueries({ queryKey: queryKeys.userData });
    await queryClient.invalidateQueries({ queryKey: queryKeys.userData });
  };
}

export function useRequestEmailChange(onSent: (address: string) => void) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: async ({ email, locale }: { email: string; locale: 'fr' | 'en' }) => {
      await call('requestEmailChange', { body: { new_email: email, locale } });
      return email;
    },
    onSuccess: async (email) => {
      await refresh();
      onSent(email);
    },
  });
}

export function useRequestPhoneChange(onSent: (phone: string) => void) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: async ({ phone, locale }: { phone: string; locale: 'fr' | 'en' }) => {
      await call('requestPhoneChange', { body: { new_phone: phone, locale } });
      return phone;
    },
    onSuccess: async (phone) => {
      await refresh();
      onSent(phone);
    },
  });
}

export function useChangePassword(onDone: () => void) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: async ({ previous, next }: { previous: string; next: string }) =>
      call('changePassword', {
        body: { previous_password: await sha256Hex(previous), new_password: await sha256Hex(next) },
      }),
    onSuccess: async () => {
      await refresh();
      onDone();
    },
  });
}

export function useUpdateOtp(onDone: (enabled: boolean) => void) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (enabled: boolean) => call('updateOtp', { body: { otp_enabled: enabled } }),
    onSuccess: async (answer) => {
      await refresh();
      onDone(answer.otp_enabled);
    },
  });
}

export function useOwnSessions() {
  return useQuery({ queryKey: queryKeys.ownSessions, queryFn: () => call('getOwnSessions', {}) });
}

export function useLogoutEverywhere(onDone: (ended: number, keptCurrent: boolean) => void) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: async (keepCurrent: boolean) => ({
      ...(await call('logoutEverywhere', { body: { keep_current: keepCurrent } })),
      keepCurrent,
    }),
    onSuccess: async ({ ended, keepCurrent }) => {
      if (keepCurrent) await refresh();
      onDone(ended, keepCurrent);
    },
  });
}

/** To Pro Santé Connect, to come back to the security page with state, session_state and code. */
export function useStartPscLink() {
  return useMutation({
    mutationFn: (locale: 'fr' | 'en') => call('startPscLink', { body: { locale } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useLinkPsc(onDone: () => void) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (query: { state: string; code: string; session_state?: string; iss?: string }) =>
      call('linkPscAccount', { body: query }),
    onSuccess: async () => {
      await refresh();
      onDone();
    },
  });
}

export function useUnlinkPsc(onDone: () => void) {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: () => call('unlinkPscAccount', { body: {} }),
    onSuccess: async () => {
      await refresh();
      onDone();
    },
  });
}

export function useLaboratoryInformation() {
  return useQuery({
    queryKey: queryKeys.laboratoryInformation,
    queryFn: () => call('getLaboratoryInformation', {}),
  });
}

/** The browser's Web Push subscription, made with the server's VAPID key and kept by the server. */
export function usePushSubscribe() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: async () => {
      const { public_key } = await call('getPushKey', {});
      const registration = await navigator.serviceWorker.register('/push-worker.js');
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(public_key),
      });
      const json = subscription.toJSON();
      await call('addPushSubscription', {
        body: {
          endpoint: subscription.endpoint,
          p256dh: json.keys?.p256dh ?? '',
          auth: json.keys?.auth ?? '',
        },
      });
    },
    onSuccess: refresh,
  });
}

export function useSendTestPush(onDone: (sent: number) => void) {
  return useMutation({
    mutationFn: () => call('sendTestPush', { body: {} }),
    onSuccess: ({ sent }) => onDone(sent),
  });
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}
