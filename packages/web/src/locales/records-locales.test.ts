import { describe, expect, it } from 'vitest';
import en from './records.en.json';
import fr from './records.fr.json';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

describe('record texts (namespace records)', () => {
  it('have the same keys in French and English', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it('have no empty text', () => {
    for (const tree of [fr, en]) {
      for (const key of keys(tree))
        expect(
          key.split('.').reduce<unknown>((node, part) => Reflect.get(Object(node), part), tree),
        ).not.toBe('');
    }
  });
});
