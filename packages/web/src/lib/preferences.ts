import { DEFAULT_PREFERENCES, isWebLocale, type Preferences } from '@sil/contract';
import { readItem, writeItems } from './storage';

/**
 * Appearance and language, kept in the browser (keys theme and locale of spec.md §3, plus
 * color_blind and font_size) and saved per user on the server (update-user-preferences).
 */
export function getPreferences(): Preferences {
  const theme = readItem('theme');
  const fontSize = readItem('font_size');
  const locale = readItem('locale');
  return {
    theme: theme === 'dark' || theme === 'light' ? theme : DEFAULT_PREFERENCES.theme,
    color_blind: readItem('color_blind') === 'true',
    font_size: fontSize === 'small' || fontSize === 'large' || fontSize === 'medium' ? fontSize : 'medium',
    locale: isWebLocale(locale) ? locale : DEFAULT_PREFERENCES.locale,
    notifications: readItem('notifications') === 'push' ? 'push' : 'none',
  };
}

/** The stored locale, or null when the user never chose one (then the browser decides). */
export function getStoredLocale(): Preferences['locale'] | null {
  const locale = readItem('locale');
  return isWebLocale(locale) ? locale : null;
}

export function savePreferences(preferences: Partial<Preferences>): void {
  const items: Record<string, string> = {};
  if (preferences.theme) items.theme = preferences.theme;
  if (preferences.color_blind !== undefined) items.color_blind = String(preferences.color_blind);
  if (preferences.font_size) items.font_size = preferences.font_size;
  if (preferences.locale) items.locale = preferences.locale;
  if (preferences.notifications) items.notifications = preferences.notifications;
  writeItems(items);
}

/** Root font size per setting; Mantine sizes in rem follow it. */
export const FONT_SIZE_PX: Record<Preferences['font_size'], number> = { small: 14, medium: 16, large: 18 };
