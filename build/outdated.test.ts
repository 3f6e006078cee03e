import { describe, expect, it } from 'vitest';
import { compareVersions, nodeDaysLeft, outdatedLines } from './outdated.js';

describe('the dependency report', () => {
  it('sorts majors first and takes the newer of wanted and latest', () => {
    const lines = outdatedLines({
      vite: { current: '8.3.8', wanted: '8.4.0', latest: '8.4.0', dependent: 'web' },
      typescript: { current: '5.9.3', wanted: '5.9.3', latest: '7.0.2', dependent: 'main' },
      // The registry's latest tag below the installed version: nothing to report.
      'pg-boss': { current: '12.38.0', wanted: '12.38.0', latest: '10.4.2', dependent: 'server' },
      // A 0.x package's new minor may break like a major.
      '@xmldom/xmldom': { current: '0.8.15', wanted: '0.8.15', latest: '0.9.12', dependent: 'server' },
    });
    expect(lines).toEqual([
      { name: '@xmldom/xmldom', current: '0.8.15', newest: '0.9.12', kind: 'major', dependent: 'server' },
      { name: 'typescript', current: '5.9.3', newest: '7.0.2', kind: 'major', dependent: 'main' },
      { name: 'vite', current: '8.3.8', newest: '8.4.0', kind: 'minor-or-patch', dependent: 'web' },
    ]);
  });

  it('reads a package installed at several versions and skips what is not installed', () => {
    const lines = outdatedLines({
      esbuild: [
        { current: '0.25.12', wanted: '0.25.12', latest: '0.28.2' },
        { current: '0.28.2', wanted: '0.28.2', latest: '0.28.2' },
      ],
      missing: { wanted: '1.0.0', latest: '1.0.0' },
    });
    expect(lines.map((line) => `${line.name}@${line.current}`)).toEqual(['esbuild@0.25.12']);
  });

  it('compares versions numerically', () => {
    expect(compareVersions('10.4.2', '9.9.9')).toBeGreaterThan(0);
    expect(compareVersions('1.2.3', '1.2.3')).toBe(0);
  });

  it("counts the days left on the project's Node line", () => {
    expect(nodeDaysLeft('v24.21.0', new Date('2026-11-28T00:00:00Z'))).toEqual({
      line: 24,
      endOfLife: '2028-04-30',
      days: 519,
    });
    expect(nodeDaysLeft('v19.0.0', new Date())).toBeNull();
  });
});
