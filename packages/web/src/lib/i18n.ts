import { DEFAULT_WEB_LOCALE, pickLocale, type WebLocale } from '@sil/contract';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import fr from '../locales/fr.json';

/**
 * The texts every page needs; the `tables` and `records` namespaces are added by the screens that
 * show them (app/screen-texts.ts), so that the login page does not download them.
 */
export const resources = {
  fr: { translation: fr },
  en: { translation: en },
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
