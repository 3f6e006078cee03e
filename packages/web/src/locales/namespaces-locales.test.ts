import { describe, expect, it } from 'vitest';
import analysersEn from './analysers.en.json';
import analysersFr from './analysers.fr.json';
import dashboardEn from './dashboard.en.json';
import dashboardFr from './dashboard.fr.json';
import recordsEn from './records.en.json';
import recordsFr from './records.fr.json';
import settingsEn from './settings.en.json';
import settingsFr from './settings.fr.json';
import tablesEn from './tables.en.json';
import tablesFr from './tables.fr.json';
import validationEn from './validation.en.json';
import validationFr from './validation.fr.json';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

/** The namespaces beside `translation` (which locales.test.ts checks with the error catalogue). */
const NAMESPACES: Array<[string, Tree, Tree]> = [
  ['tables', tablesFr, tablesEn],
  ['records', recordsFr, recordsEn],
  ['validation', validationFr, validationEn],
  ['settings', settingsFr, settingsEn],
  ['dashboard', dashboardFr, dashboardEn],
  ['analysers', analysersFr, analysersEn],
];

describe.each(NAMESPACES)('texts of namespace %s', (_name, fr, en) => {
  it('have the same keys in French and English', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it('have no empty text', () => {
    for (const tree of [fr, en]) {
      for (const key of keys(tree)) {
        expect(
          key.split('.').reduce<unknown>((node, part) => Reflect.get(Object(node), part), tree),
          key,
        ).not.toBe('');
      }
    }
  });
});
