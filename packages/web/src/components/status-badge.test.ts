import { RECORD_STATUSES, SAMPLE_STATUSES } from '@sil/contract';
import { describe, expect, it } from 'vitest';
import { type StatusKind, statusColor } from './status-badge';

const STEPS: Record<StatusKind, readonly (0 | 1 | 2 | 3 | 4 | 5)[]> = {
  record: RECORD_STATUSES,
  sample: SAMPLE_STATUSES,
};

describe.each([false, true])('status colours (colour-blind %s)', (colorBlind) => {
  it.each(['record', 'sample'] as const)('give each %s step a colour of its own', (kind) => {
    const colours = STEPS[kind].map((step) => statusColor(kind, step, colorBlind));
    expect(new Set(colours).size).toBe(STEPS[kind].length);
  });
});

describe('colour-blind status colours', () => {
  // The theme turns green into blue and red into orange in this mode: naming either would make
  // two steps meet on one colour.
  it.each(['record', 'sample'] as const)('never name the palettes the theme swaps (%s)', (kind) => {
    const colours = STEPS[kind].map((step) => statusColor(kind, step, true));
    expect(colours.filter((colour) => colour === 'green' || colour === 'red')).toEqual([]);
  });
});
