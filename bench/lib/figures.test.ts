import type autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { newAuthMachineId, parseVmRssMiB, rounded, throughputFigure } from './figures.js';

describe('newAuthMachineId', () => {
  it('is a 13-digit millisecond timestamp followed by six lowercase letters or digits', () => {
    expect(newAuthMachineId()).toMatch(/^\d{13}[a-z0-9]{6}$/);
  });

  it('uses the given clock and random source', () => {
    expect(newAuthMachineId(1_767_225_600_000, () => 0)).toBe('1767225600000aaaaaa');
    expect(newAuthMachineId(1_767_225_600_000, (length) => length - 1)).toBe('1767225600000999999');
  });

  it('differs between two browsers logging in at the same millisecond', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newAuthMachineId(1_767_225_600_000)));
    expect(ids.size).toBe(50);
  });
});

describe('figures', () => {
  it('rounds to one decimal by default', () => {
    expect(rounded(12.345)).toBe(12.3);
    expect(rounded(12.345, 2)).toBe(12.35);
  });

  it('turns a load result into a requests-per-second figure with percentiles', () => {
    const result = {
      requests: { average: 1234.567, total: 12346 },
      latency: { p50: 7.04, p99: 21.96 },
      non2xx: 0,
      errors: 0,
      duration: 10.02,
      connections: 10,
    } as unknown as autocannon.Result;
    expect(throughputFigure('get_user_data_rps', 'pglite', result)).toEqual({
      figure: 'get_user_data_rps',
      database: 'pglite',
      value: 1234.6,
      unit: 'req/s',
      p50_ms: 7,
      p99_ms: 22,
      requests: 12346,
      non_2xx: 0,
      errors: 0,
      duration_s: 10,
      connections: 10,
    });
  });

  it('reads the resident memory of a server process in MiB', () => {
    const status = 'Name:\tnode\nVmPeak:\t 999999 kB\nVmRSS:\t  153600 kB\nThreads:\t11\n';
    expect(parseVmRssMiB(status)).toBe(150);
    expect(parseVmRssMiB('Name:\tnode\n')).toBeUndefined();
  });
});
