import { describe, expect, it } from 'vitest';
import { foldedFilter } from './folded-filter';

const options = [
  { value: 'RE', label: 'La Réunion' },
  { value: 'FR', label: 'France' },
  { value: '262', label: '+262', keywords: 'La Réunion, Mayotte' },
];

describe('foldedFilter', () => {
  it('finds options without accents or case, and calling codes with or without +', () => {
    const found = (search: string) =>
      foldedFilter({ options, search, limit: 10 }).map((o) => ('value' in o ? o.value : ''));
    expect(found('reunion')).toEqual(['RE', '262']);
    expect(found('FRANCE')).toEqual(['FR']);
    expect(found('+262')).toEqual(['262']);
    expect(found('262')).toEqual(['262']);
  });
});
