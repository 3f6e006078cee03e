import { DEFAULT_WEB_LOCALE, pickLocale, type WebLocale } from '@sil/contract';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import fr from '../locales/fr.json';

/**
 * The texts every page needs, in French: the default and fallback language, always there. English
 * is fetched when a page is first shown in it (`loadLanguage`), so that a first load carries one
 * language only. The `tables` and `records` namespaces are added by the screens that show them
 * (app/screen-texts.ts), so that the login page does not download them.
 */
export const resources = {
  fr: { translation: fr },
} as const;

/** The language the browser prefers among those offered (spec.md §2 'Routing rules'). */
export function browserLocale(): WebLocale {
  if (typeof navigator === 'undefined') return DEFAULT_WEB_LOCALE;
  return pickLocale(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: browserLocale(),
  fallbackLng: DEFAULT_WEB_LOCALE,
  interpolation: { escapeValue: false },
  // Resources are bundled: initialise synchronously so the first render is already translated.
  initAsync: false,
});

export function setLanguage(locale: WebLocale): void {
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

const languages = new Map<WebLocale, Promise<void>>([['fr', Promise.resolve()]]);

/** Whether the texts of a language are there (French always is). */
export const hasLanguage = (locale: WebLocale): boolean => i18n.hasResourceBundle(locale, 'translation');

/** Fetches the texts of a language once; one promise per language, so that a screen may suspend on it. */
export function loadLanguage(locale: WebLocale): Promise<void> {
  let loading = languages.get(locale);
  if (!loading) {
    loading = import('../locales/en.json').then((texts) => {
      i18n.addResourceBundle(locale, 'translation', texts.default, true, true);
    });
    languages.set(locale, loading);
  }
  return loading;
}
