import { describe, expect, it } from 'vitest';
import { foldForSearch } from './search-text.js';

describe('foldForSearch', () => {
  it('folds French names as the database search does', () => {
    expect(foldForSearch('Hélène')).toBe('helene');
    expect(foldForSearch('Lefèvre-Dupont')).toBe('lefevre dupont');
    expect(foldForSearch("d'Artagnan")).toBe('dartagnan');
    expect(foldForSearch('N’Diaye')).toBe('ndiaye');
    expect(foldForSearch('Œdème CŒUR')).toBe('oedeme coeur');
    expect(foldForSearch('Glycémie')).toBe('glycemie');
  });
});
