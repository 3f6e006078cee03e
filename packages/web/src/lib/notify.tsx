import { notifications } from '@mantine/notifications';
import { accountRoutes } from '@sil/contract';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { ApiError } from './api-client';
import { i18n } from './i18n';
import { failProgress } from './progress';

/** spec.md §8 'Toasts' and §9: 3 s each, at most 3 at once, newest on top, bottom-right. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_LIMIT = 3;

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

// Colours go through the theme, which swaps green/red for blue/orange in colour-blind mode;
// the icon tells the kind apart without colour at all.
const LOOK: Record<ToastKind, { color: string; icon: React.ReactNode }> = {
  success: { color: 'green', icon: <IconCheck size={18} /> },
  error: { color: 'red', icon: <IconX size={18} /> },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={18} /> },
  info: { color: 'blue', icon: <IconInfoCircle size={18} /> },
};

const visible: string[] = [];
let sequence = 0;

export function showToast(kind: ToastKind, title: string, message?: string): void {
  sequence += 1;
  const id = `toast-${sequence}`;
  visible.push(id);
  // The oldest makes room for the newest, instead of the newest waiting in a queue.
  while (visible.length > TOAST_LIMIT) {
    const oldest = visible.shift();
    if (oldest) notifications.hide(oldest);
  }
  notifications.show({
    id,
    title,
    message: message ?? '',
    color: LOOK[kind].color,
    icon: LOOK[kind].icon,
    autoClose: TOAST_DURATION_MS,
    // Higher priority sorts first: the newest toast sits on top of the stack.
    priority: sequence,
    withBorder: true,
    'data-kind': kind,
    onClose: () => {
      const index = visible.indexOf(id);
      if (index >= 0) visible.splice(index, 1);
    },
  });
}

/** Localized message of an error code, or the generic one when the catalogue has none. */
export function errorMessage(code: string): string {
  const key = `errors.${code}`;
  return i18n.exists(key) ? i18n.t(key) : i18n.t('errors.fallback');
}

/** The e-mail or mobile another account holds: spec.md §8's alreadyInUse toast. */
const ALREADY_IN_USE: ReadonlySet<string> = new Set(['emailAlreadyInUse', 'phoneAlreadyInUse']);

/** An error toast's title in words (decision 0028), with the spec's own wording where §8 gives one. */
function errorTitle(error: ApiError): string {
  if (error.status === 500) return i18n.t('toast.internalError');
  if (ALREADY_IN_USE.has(error.code)) return i18n.t('toast.alreadyInUse');
  return i18n.t(error.status === 403 ? 'toast.forbidden' : 'toast.error');
}

/**
 * spec.md §8 'Handling': an error toast with the localized message of the code. Its title is a word
 * people read ('Erreur', or 'Accès refusé' for a 403: a page or action the user may not open), not
 * the failed call's name ('get-record') the spec titles it with; §8's 'Toasts' wording titles an
 * internal error (500: 'What are you doing??') and an e-mail or mobile already in use
 * ('Phone/email unavailable'), the code's message beneath (decision 0028).
 */
export function notifyApiError(error: unknown): void {
  failProgress();
  // A refused refresh ends the session and the login page shows next: no toast (spec.md §8 exceptions).
  if (error instanceof ApiError && error.path === accountRoutes.refreshTokens.path) return;
  if (error instanceof ApiError) {
    showToast('error', errorTitle(error), errorMessage(error.code));
    return;
  }
  console.error(error);
  showToast('error', i18n.t('toast.error'), i18n.t('errors.fallback'));
}
