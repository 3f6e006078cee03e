import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import tablesEn from '../../locales/tables.en.json';
import tablesFr from '../../locales/tables.fr.json';
import { pagerTexts } from './table-pager';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    resources: { fr: { tables: tablesFr }, en: { tables: tablesEn } },
    lng: 'en',
    interpolation: { escapeValue: false },
  });
});

const textsIn = (language: 'fr' | 'en', counts: Parameters<typeof pagerTexts>[2]) =>
  pagerTexts(i18n.getFixedT(language, 'tables'), language, counts);

describe('the pager texts', () => {
  it('shows the exact count and position when the server counted every row', () => {
    expect(textsIn('en', { page: 2, pages: 3, total: 120 })).toEqual({
      rows: '120 rows',
      position: 'Page 2 / 3',
    });
    expect(textsIn('fr', { page: 1, pages: 1, total: 1 })).toEqual({
      rows: '1 ligne',
      position: 'Page 1 / 1',
    });
    expect(textsIn('en', { page: 1, pages: 0, total: 0 })).toEqual({
      rows: '0 rows',
      position: 'Page 1 / 1',
    });
  });

  it('shows a capped count as a lower bound, grouped as each language writes numbers', () => {
    const capped = { page: 1, pages: 40, total: 2_000, capped: true };
    expect(textsIn('en', capped)).toEqual({ rows: '2,000+ rows', position: 'Page 1 / 40+' });
    // French groups thousands with a narrow no-break space.
    expect(textsIn('fr', capped)).toEqual({ rows: '2\u202f000+ lignes', position: 'Page 1 / 40+' });
    expect(textsIn('en', { ...capped, page: 1_000, pages: 1_000 }).position).toBe('Page 1,000 / 1,000+');
  });
});
