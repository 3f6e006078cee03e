import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * The dependency report `.ci/run` prints at the end of every run (and `npm run outdated` on demand):
 * which packages are a major version behind, which only need a minor or patch update, and how long
 * the Node line the project runs on has left, so that the next end of life is seen coming.
 */

export interface OutdatedEntry {
  current?: string;
  wanted?: string;
  latest?: string;
  dependent?: string;
}

export interface OutdatedLine {
  name: string;
  current: string;
  newest: string;
  kind: 'major' | 'minor-or-patch';
  dependent: string;
}

const major = (version: string) => Number.parseInt(version.split('.')[0] ?? '', 10);
const minor = (version: string) => Number.parseInt(version.split('.')[1] ?? '', 10);

/** A new major, or a new minor of a 0.x package, which semver lets break as a major would. */
const breaking = (current: string, newest: string) =>
  major(newest) !== major(current) || (major(current) === 0 && minor(newest) !== minor(current));

/** End of life of the Node lines the project may run on (the Node.js release schedule). */
export const NODE_END_OF_LIFE: Readonly<Record<number, string>> = {
  20: '2026-04-30',
  22: '2027-04-30',
  24: '2028-04-30',
  26: '2029-04-30',
};

/**
 * One line per package that has something newer: the newer of `wanted` and `latest` (a registry's
 * `latest` tag can point below what the ranges already installed), major when its major differs.
 */
export function outdatedLines(report: Record<string, OutdatedEntry | OutdatedEntry[]>): OutdatedLine[] {
  const lines: OutdatedLine[] = [];
  for (const [name, value] of Object.entries(report)) {
    for (const entry of Array.isArray(value) ? value : [value]) {
      if (!entry.current) continue;
      const candidates = [entry.wanted, entry.latest].filter((v): v is string => Boolean(v));
      const newest = candidates.sort((a, b) => compareVersions(b, a))[0];
      if (!newest || compareVersions(newest, entry.current) <= 0) continue;
      lines.push({
        name,
        current: entry.current,
        newest,
        kind: breaking(entry.current, newest) ? 'major' : 'minor-or-patch',
        dependent: entry.dependent ?? '',
      });
    }
  }
  return lines.sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
}

export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .split(/[.-]/)
      .slice(0, 3)
      .map((p) => Number.parseInt(p, 10) || 0);
  const [pa, pb] = [parts(a), parts(b)];
  for (let index = 0; index < 3; index++) {
    const difference = (pa[index] ?? 0) - (pb[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Days left on the Node line of `version` on `today`, or null when the line is not in the table. */
export function nodeDaysLeft(
  version: string,
  today: Date,
): { line: number; endOfLife: string; days: number } | null {
  const line = major(version.replace(/^v/, ''));
  const endOfLife = NODE_END_OF_LIFE[line];
  if (!endOfLife) return null;
  return { line, endOfLife, days: Math.floor((Date.parse(endOfLife) - today.getTime()) / 86_400_000) };
}

async function main(): Promise<void> {
  // npm outdated exits 1 when something is outdated: its answer is still the report.
  const stdout = await promisify(execFile)('npm', ['outdated', '--json', '--long'], { maxBuffer: 8 << 20 })
    .then((result) => result.stdout)
    .catch((error: { stdout?: string }) => error.stdout ?? '{}');
  const lines = outdatedLines(JSON.parse(stdout || '{}'));
  const node = nodeDaysLeft(process.version, new Date());
  const out = [
    node
      ? `Node ${node.line}: end of life ${node.endOfLife} (${node.days} days left)`
      : `Node ${process.version}: end of life unknown to build/outdated.ts`,
    `${lines.filter((l) => l.kind === 'major').length} packages a major version behind, ${lines.filter((l) => l.kind !== 'major').length} with a minor or patch update:`,
    ...lines.map(
      (l) =>
        `  ${l.kind === 'major' ? 'MAJOR' : 'minor'}  ${l.name} ${l.current} → ${l.newest} (${l.dependent})`,
    ),
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}

if (process.argv[1]?.endsWith('outdated.ts')) await main();
