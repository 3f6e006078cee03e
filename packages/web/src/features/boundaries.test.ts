import { describe, expect, it } from 'vitest';

// Every source file under features/, as text (Vite's glob import, also available under Vitest).
const sources = import.meta.glob<string>(['./**/*.ts', './**/*.tsx', '!./**/*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('feature boundaries', () => {
  it('has no feature importing another feature or the app shell', () => {
    const offences: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      const feature = file.split('/')[1];
      for (const [, target] of text.matchAll(/from '([^']+)'/g)) {
        if (!target?.startsWith('.')) continue;
        const otherFeature = target.match(/^\.\.\/([^./][^/]*)\//)?.[1];
        if (target.startsWith('../../app/') || (otherFeature && otherFeature !== feature)) {
          offences.push(`${file} → ${target}`);
        }
      }
    }
    expect(Object.keys(sources).length).toBeGreaterThan(5);
    expect(offences).toEqual([]);
  });
});

// The app shell, shared components and lib, which reach features only through their face.
const outside = import.meta.glob<string>(
  ['../app/**/*.ts', '../app/**/*.tsx', '../lib/**/*.ts', '../lib/**/*.tsx', '../components/**/*.tsx'],
  { query: '?raw', import: 'default', eager: true },
);

describe('feature faces', () => {
  it('lets the app shell use a feature only through its index, and lib and components never', () => {
    const offences: string[] = [];
    for (const [file, text] of Object.entries(outside)) {
      const shell = file.startsWith('../app/');
      for (const [, target] of text.matchAll(/from '([^']+)'/g)) {
        const inside = target?.match(/features\/[^/']+(\/.+)?$/);
        if (!inside) continue;
        if (!shell || inside[1] !== undefined) offences.push(`${file} → ${target}`);
      }
    }
    expect(Object.keys(outside).length).toBeGreaterThan(5);
    expect(offences).toEqual([]);
  });
});
