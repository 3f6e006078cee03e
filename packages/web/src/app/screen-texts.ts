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
