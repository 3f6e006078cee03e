import type { Preferences, Rights } from '@sil/contract';
import { useMemo, useSyncExternalStore } from 'react';
import { getPreferences } from './preferences';
import { getRights } from './session';
import { readItem, subscribeStorage } from './storage';

function useStoredItem(key: string): string | null {
  return useSyncExternalStore(
    subscribeStorage,
    () => readItem(key),
    () => null,
  );
}

export interface SessionView {
  loggedIn: boolean;
  rights: Rights | null;
}

/** The session as React state: re-renders on login, refresh, logout, also from another tab. */
export function useSession(): SessionView {
  const token = useStoredItem('access_token');
  const rawRights = useStoredItem('rights');
  // rawRights is the dependency on purpose: parse again only when the stored text changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stored text is the input
  const rights = useMemo(() => getRights(), [rawRights]);
  return { loggedIn: token !== null, rights };
}

export function usePreferences(): Preferences {
  const theme = useStoredItem('theme');
  const colorBlind = useStoredItem('color_blind');
  const fontSize = useStoredItem('font_size');
  const locale = useStoredItem('locale');
  const notifications = useStoredItem('notifications');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stored texts are the inputs
  return useMemo(() => getPreferences(), [theme, colorBlind, fontSize, locale, notifications]);
}
