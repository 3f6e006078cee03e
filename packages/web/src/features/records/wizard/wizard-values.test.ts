import type { RecordRow } from '@sil/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyValues, payloadOf, valuesOf } from './wizard-values';

// The workstation's own zone, as Node reads it from TZ.
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('date-times of the wizard', () => {
  it('are sent as the instant the laboratory’s clock showed, from a workstation in another zone', () => {
    vi.stubEnv('TZ', 'America/New_York');
    // The workstation is five hours behind UTC in winter: its own reading of 08:30 would be 13:30 UTC.
    expect(new Date(2026, 0, 15, 8, 30).toISOString()).toBe('2026-01-15T13:30:00.000Z');
    const values = {
      ...emptyValues(),
      record_collection_datetime: '2026-10-25T08:30',
      record_uh_expected_time: '2026-07-01T14:05',
    };
    const { record } = payloadOf(values);
    expect(record.record_collection_datetime).toBe('2026-10-25T07:30:00.000Z');
    expect(record.record_uh_expected_time).toBe('2026-07-01T12:05:00.000Z');
  });

  it('read back as typed, whatever the workstation’s zone', () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    const stored = { record_collection_datetime: '2026-03-29T06:30:00.000Z' } as unknown as RecordRow;
    expect(valuesOf(undefined, stored).record_collection_datetime).toBe('2026-03-29T08:30');
  });

  it('leave an unfinished date-time as typed, for the form to refuse', () => {
    const { record } = payloadOf({ ...emptyValues(), record_collection_datetime: '2026-03-29T' });
    expect(record.record_collection_datetime).toBe('2026-03-29T');
  });
});
