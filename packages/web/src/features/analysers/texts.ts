import { i18n } from '../../lib/i18n';

let loading: Promise<void> | undefined;

/** The analysers' screens' texts (the `analysers` namespace, both languages), fetched with them. */
export function loadAnalyserTexts(): Promise<void> {
  loading ??= Promise.all([
    import('../../locales/analysers.fr.json'),
    import('../../locales/analysers.en.json'),
  ]).then(([fr, en]) => {
    i18n.addResourceBundle('fr', 'analysers', fr.default, true, true);
    i18n.addResourceBundle('en', 'analysers', en.default, true, true);
  });
  return loading;
}
