import {
  ERROR_CODES,
  EXTERNAL_MENU,
  INTERNAL_MENU,
  type MenuEntry,
  matchWebRoute,
  PRESCRIBER_MENU,
  TABLE_NAMES,
  titleKey,
  WEB_ROUTES,
} from '@sil/contract';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const locales: Record<string, Tree> = { fr, en };

function menuIds(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((entry) =>
    entry.kind === 'group' ? [entry.id, ...menuIds(entry.children)] : entry.kind === 'link' ? [entry.id] : [],
  );
}

describe('locales', () => {
  it('have the same keys in French and English', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it('have no empty text', () => {
    for (const [name, tree] of Object.entries(locales)) {
      for (const key of keys(tree)) expect(lookup(tree, key), `${name}: ${key}`).not.toBe('');
    }
  });

  it('have a message for every error code of the catalogue', () => {
    for (const [name, tree] of Object.entries(locales)) {
      for (const code of ERROR_CODES)
        expect(lookup(tree, `errors.${code}`), `${name}: ${code}`).toBeDefined();
    }
  });

  it('have a tab title for every route and table', () => {
    const matches = [
      ...WEB_ROUTES.filter((route) => route.id !== 'table').map((route) =>
        matchWebRoute(route.pattern.replace(/:[^/]+/g, 'x').replace(/\?/g, '')),
      ),
      ...TABLE_NAMES.map((table) => matchWebRoute(`table/${table}`)),
      null,
    ];
    for (const match of matches) {
      for (const [name, tree] of Object.entries(locales)) {
        const key = `title.${titleKey(match)}`;
        expect(lookup(tree, key), `${name}: ${key}`).toBeDefined();
      }
    }
  });

  it('name every menu entry', () => {
    const ids = new Set([...menuIds(INTERNAL_MENU), ...menuIds(EXTERNAL_MENU), ...menuIds(PRESCRIBER_MENU)]);
    for (const [name, tree] of Object.entries(locales)) {
      for (const id of ids) expect(lookup(tree, `menu.${id}`), `${name}: ${id}`).toBeDefined();
    }
  });
});
