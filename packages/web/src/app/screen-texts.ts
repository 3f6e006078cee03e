import { i18n } from '../lib/i18n';

let loading: Promise<void> | undefined;

/**
 * The texts of the tables and records screens (the `tables` and `records` namespaces, both
 * languages), fetched with the first screen that shows them: the login page and the dashboard do
 * not carry them. Loaded before the screen renders, so no text ever shows as its key.
 */
export function loadScreenTexts(): Promise<void> {
  loading ??= Promise.all([
    import('../locales/tables.fr.json'),
    import('../locales/tables.en.json'),
    import('../locales/records.fr.json'),
    import('../locales/records.en.json'),
  ]).then(([tablesFr, tablesEn, recordsFr, recordsEn]) => {
    i18n.addResourceBundle('fr', 'tables', tablesFr.default, true, true);
    i18n.addResourceBundle('en', 'tables', tablesEn.default, true, true);
    i18n.addResourceBundle('fr', 'records', recordsFr.default, true, true);
    i18n.addResourceBundle('en', 'records', recordsEn.default, true, true);
  });
  return loading;
}

const dashboardTexts = new Map<string, Promise<void>>();

/**
 * The dashboard's texts (the `dashboard` namespace) in one language, fetched with the dashboard or
 * the tasks table: the dashboard's first load carries its own language only. One promise per
 * language, so that a screen may suspend on it (`use`) until its texts are there.
 */
export function loadDashboardTexts(locale: 'fr' | 'en'): Promise<void> {
  let loading = dashboardTexts.get(locale);
  if (!loading) {
    loading = (
      locale === 'fr' ? import('../locales/dashboard.fr.json') : import('../locales/dashboard.en.json')
    ).then((texts) => {
      i18n.addResourceBundle(locale, 'dashboard', texts.default, true, true);
    });
    dashboardTexts.set(locale, loading);
  }
  return loading;
}
