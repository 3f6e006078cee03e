import { REJECTING_RULES, seriesViolations } from '@sil/contract';
import { describe, expect, it } from 'vitest';
import { type Controlled, generateCiq } from './ciq.js';

const parameter = (machine: string, code: string, range: [number, number] | null): Controlled => ({
  analysis_id: `analysis-${code}`,
  machine_id: machine,
  parameter_id: `parameter-${code}`,
  code,
  min: range?.[0] ?? null,
  max: range?.[1] ?? null,
  threshold: null,
});

// Two machines, three parameters, five years of days from a Monday.
const PARAMETERS = [
  parameter('sysmex', 'HB', [12, 17]),
  parameter('sysmex', 'PLQ', [150, 400]),
  parameter('c503', 'CRP', null),
];
const DAYS = 1_826;
const generated = generateCiq(PARAMETERS, new Date('2021-11-29T00:00:00Z'), DAYS);

describe('generateCiq', () => {
  it('gives each parameter × level a lot a year, only the current one active, its dates its lot number', () => {
    const { settings } = generated;
    expect(settings).toHaveLength(3 * 2 * 6);
    expect(settings.filter((setting) => setting.active)).toHaveLength(3 * 2);
    const current = settings.find((setting) => setting.active && setting.lot.startsWith('HB-'));
    expect(current).toMatchObject({ level: 'N1', toDay: DAYS - 1, fromDay: DAYS - 365 });
    expect(current?.mean).toBeCloseTo(14.5, 0);
    const lots = settings.map((setting) => `${setting.analysisId} ${setting.lot}`);
    expect(new Set(lots).size).toBe(lots.length);
  });

  it('runs each machine twice a day (once on Sundays), each with the settings in use that day', () => {
    const { runs, values } = generated;
    const sundays = Math.floor(DAYS / 7);
    expect(runs).toHaveLength(2 * (2 * DAYS - sundays));
    for (const run of runs.slice(0, 50))
      expect(new Set(run.settings.map((setting) => setting.machineId))).toEqual(new Set([run.machineId]));
    expect(values).toHaveLength(runs.reduce((sum, run) => sum + run.settings.length, 0));
    const times = runs.map((run) => run.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('reads each value by the Westgard rules along its series, and rejects the runs they reject', () => {
    const { runs, values } = generated;
    const series = new Map<string, number[]>();
    for (const value of values) {
      const zs = [...(series.get(value.setting.id) ?? []), value.z];
      series.set(value.setting.id, zs);
      const alongSeries = value.rules.filter((rule) => rule !== 'R-4s');
      expect(alongSeries).toEqual(seriesViolations(zs.slice(-10)));
    }
    const rejecting = new Set(
      values
        .filter((value) => value.rules.some((rule) => REJECTING_RULES.includes(rule)))
        .map((value) => value.runId),
    );
    for (const run of runs) expect(run.status === 'passed').toBe(!rejecting.has(run.id));
    const accepted = runs.filter((run) => run.status === 'accepted');
    expect(accepted.length).toBeGreaterThan(0);
    for (const run of accepted) expect(run.acceptedAt?.getTime()).toBeGreaterThan(run.createdAt.getTime());
  });

  it("never leaves a machine's latest run rejected: its samples may still be validated", () => {
    for (const machine of ['sysmex', 'c503'])
      expect(generated.runs.findLast((run) => run.machineId === machine)?.status).not.toBe('rejected');
  });
});
