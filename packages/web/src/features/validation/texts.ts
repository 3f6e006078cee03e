import { i18n } from '../../lib/i18n';

let loading: Promise<void> | undefined;

/** The `validation` namespace (both languages), fetched with the validation screen only. */
export function loadValidationTexts(): Promise<void> {
  loading ??= Promise.all([
    import('../../locales/validation.fr.json'),
    import('../../locales/validation.en.json'),
  ]).then(([fr, en]) => {
    i18n.addResourceBundle('fr', 'validation', fr.default, true, true);
    i18n.addResourceBundle('en', 'validation', en.default, true, true);
  });
  return loading;
}
