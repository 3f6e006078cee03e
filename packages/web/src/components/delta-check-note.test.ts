import type { DeltaCheck } from '@sil/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadScreenTexts } from '../app/screen-texts';
import { i18n } from '../lib/i18n';
import { deltaCheckText } from './delta-check-note';

beforeAll(loadScreenTexts);

const check = (fields: Partial<DeltaCheck> = {}): DeltaCheck => ({
  kind: 'absolute',
  limit: 2,
  window_days: 30,
  unit: 'g/dL',
  previous_value: 13,
  // 13/11/2026 in Paris.
  previous_collected_at: '2026-11-13T08:00:00.000Z',
  previous_record_id: '1c8e2d0f-7b63-4d2e-8f68-4a2b3c5d6e7f',
  previous_record_number: '2611130001',
  delta: -3.9,
  delta_percent: -30,
  breach: true,
  ...fields,
});

const text = (language: 'fr' | 'en', fields: Partial<DeltaCheck> = {}) =>
  deltaCheckText(check(fields), language, 1, i18n.getFixedT(language, 'records'));

describe('a delta check in words', () => {
  it('gives the signed change, its percentage, the previous value and date, and the limit', () => {
    expect(text('fr')).toBe(
      'Δ \u22123,9\u00a0g/dL (\u221230\u00a0%) depuis 13,0\u00a0g/dL le 13/11/2026 · limite ±\u00a02\u00a0g/dL sur 30 jours',
    );
    expect(text('en')).toBe(
      'Δ \u22123.9\u00a0g/dL (\u221230%) since 13.0\u00a0g/dL on 13/11/2026 · limit ±\u00a02\u00a0g/dL within 30 days',
    );
  });

  it('writes a percentage limit as one, and leaves the percentage out after a previous 0', () => {
    expect(text('en', { kind: 'percent', limit: 50, delta: 50, delta_percent: 62.5 })).toContain(
      '+50.0\u00a0g/dL (+62.5%)',
    );
    expect(text('en', { kind: 'percent', limit: 50 })).toContain('limit ±\u00a050%');
    expect(text('fr', { previous_value: 0, delta: 0.5, delta_percent: null })).toContain(
      'Δ +0,5\u00a0g/dL depuis 0,0\u00a0g/dL',
    );
  });
});
