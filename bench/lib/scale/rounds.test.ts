import type autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { cpuMsOfStat, loadInRounds } from './rounds.js';

const runOf = (rate: number) =>
  ({
    requests: { average: rate, total: rate * 2 },
    latency: { p50: 1, p99: 2 },
    non2xx: 0,
    errors: 0,
    duration: 2,
    connections: 10,
  }) as unknown as autocannon.Result;

describe('cpuMsOfStat', () => {
  it('adds user and system time, read past a command name that holds spaces and parentheses', () => {
    const stat = '4242 (node (main) x) S 1 4242 4242 0 -1 4194560 900 0 0 0 250 70 0 0 20 0 11 0 100';
    expect(cpuMsOfStat(stat)).toBe(3_200);
  });

  it('is 0 for a process that is gone', () => {
    expect(cpuMsOfStat('')).toBe(0);
  });
});

describe('loadInRounds', () => {
  it('loads the targets in turn after one turn not counted, each figure its median round', async () => {
    const order: string[] = [];
    const rates = { fast: [999, 300, 100, 200], slow: [1, 30, 10, 20] };
    const target = (figure: keyof typeof rates) => ({
      figure,
      load: async ({ durationSeconds }: { durationSeconds: number }) => {
        order.push(`${figure}:${durationSeconds}`);
        return runOf(rates[figure].shift()!);
      },
    });
    const figures = await loadInRounds([target('fast'), target('slow')], process.pid, {
      durationSeconds: 6,
      connections: 10,
      rounds: 3,
    });
    expect(order).toEqual(['fast:2', 'slow:2', 'fast:2', 'slow:2', 'fast:2', 'slow:2', 'fast:2', 'slow:2']);
    expect(figures.get('fast')).toMatchObject({ value: 200, rounds: 3, rounds_rps: '300 100 200' });
    expect(figures.get('slow')).toMatchObject({ value: 20, rounds_rps: '30 10 20' });
    expect(figures.get('fast')?.server_cpu_us_per_request).toBeGreaterThanOrEqual(0);
  });
});
