import { i18n } from '../../lib/i18n';

let loading: Promise<void> | undefined;

/** The settings screens' texts (namespace 'settings'), fetched with the screens, not with the login page. */
export function loadSettingsTexts(): Promise<void> {
  loading ??= Promise.all([
    import('../../locales/settings.fr.json'),
    import('../../locales/settings.en.json'),
  ]).then(([fr, en]) => {
    i18n.addResourceBundle('fr', 'settings', fr.default, true, true);
    i18n.addResourceBundle('en', 'settings', en.default, true, true);
  });
  return loading;
}
