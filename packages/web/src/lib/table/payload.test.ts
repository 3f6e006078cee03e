import { describe, expect, it } from 'vitest';
import { createPayload, updatePayload } from './payload';

describe('payload rules', () => {
  it('drops empty and null fields on create', () => {
    expect(
      createPayload({ name: 'Sang', code: '', rank: null, list: [], zero: 0, off: false, codes: ['0552'] }),
    ).toEqual({ name: 'Sang', zero: 0, off: false, codes: ['0552'] });
  });

  it('sends only the id, the stamp and the changed non-null fields on update', () => {
    const identity = { idField: 'family_id', id: 'f1', stampField: 'family_last_updated', stamp: 's' };
    expect(
      updatePayload(
        { family_name: 'A', family_rank: 1, family_report_message: 'x', family_is_envoi: false },
        { family_name: 'B', family_rank: null, family_report_message: '', family_is_envoi: false },
        identity,
      ),
    ).toEqual({ family_id: 'f1', family_last_updated: 's', family_name: 'B', family_report_message: '' });
  });

  it('compares lists and objects by value', () => {
    const identity = { idField: 'id', id: '1', stampField: 'stamp', stamp: 's' };
    expect(updatePayload({ codes: ['1', '2'] }, { codes: ['1', '2'] }, identity)).toEqual({
      id: '1',
      stamp: 's',
    });
    expect(updatePayload({ codes: ['1', '2'] }, { codes: ['2'] }, identity)).toEqual({
      id: '1',
      stamp: 's',
      codes: ['2'],
    });
  });
});
