import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('keeps the embedded database where `npm start` was typed, not in the workspace folder', () => {
    expect(loadConfig({ INIT_CWD: '/srv/laboratoire', DATA_DIR: './data' }).dataDir).toBe(
      '/srv/laboratoire/data',
    );
    expect(loadConfig({ INIT_CWD: '/srv/laboratoire', DATA_DIR: '/var/lib/sil' }).dataDir).toBe(
      '/var/lib/sil',
    );
  });

  it('names every invalid setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', SEED_DEMO: 'maybe' })).toThrow(
      /PORT[\s\S]*SEED_DEMO|SEED_DEMO[\s\S]*PORT/,
    );
  });
});
