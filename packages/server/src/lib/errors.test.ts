import { describe, expect, it } from 'vitest';
import { databaseRefusal } from './errors.js';

describe('databaseRefusal', () => {
  it('answers the catalogue code of a database rule, however deep the driver wrapped it', () => {
    const driver = Object.assign(new Error('invalidStatusTransition'), { code: 'SIL04' });
    const wrapped = new Error('Failed query: update "records" …', { cause: driver });
    expect(databaseRefusal(wrapped)?.code).toBe('invalidStatusTransition');
    expect(databaseRefusal(Object.assign(new Error('x'), { code: 'SIL02' }))?.code).toBe(
      'cannotDowngradeStatus',
    );
    expect(databaseRefusal(new Error('y', { cause: { code: 'SIL03' } }))?.statusCode).toBe(409);
  });

  it('leaves every other error alone', () => {
    expect(databaseRefusal(Object.assign(new Error('unique'), { code: '23505' }))).toBeNull();
    expect(databaseRefusal(Object.assign(new Error('audit'), { code: 'SIL01' }))).toBeNull();
    expect(databaseRefusal('text')).toBeNull();
  });
});
