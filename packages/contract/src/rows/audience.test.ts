import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiTable } from '../api-table.js';
import {
  AUDIENCE_FIELDS,
  audienceOf,
  ClinicRecordDetail,
  isWholeRecord,
  keysOf,
  PrescriberRecordListRow,
  projectOnto,
} from './audience.js';

const Row = z.object({
  id: z.string(),
  secret: z.string(),
  child: z.object({ name: z.string(), note: z.string() }).nullable(),
  items: z.array(z.object({ n: z.number(), hidden: z.boolean() })),
});
const View = z.object({
  id: z.string(),
  child: z.object({ name: z.string() }).nullable(),
  items: z.array(z.object({ n: z.number() })),
});

describe('audiences', () => {
  it('names the audience of each user type', () => {
    expect([audienceOf('internal'), audienceOf('external'), audienceOf('prescriber')]).toEqual([
      'staff',
      'clinic',
      'prescriber',
    ]);
  });

  it('keeps of an answer only the keys of the view, nested objects and arrays included', () => {
    const row = {
      id: 'a',
      secret: 's',
      child: { name: 'n', note: 'x' },
      items: [{ n: 1, hidden: true }],
    } satisfies z.output<typeof Row>;
    expect(projectOnto(View, row)).toEqual({ id: 'a', child: { name: 'n' }, items: [{ n: 1 }] });
    expect(projectOnto(View, { ...row, child: null })).toEqual({ id: 'a', child: null, items: [{ n: 1 }] });
    expect(projectOnto(z.array(View), [row])).toEqual([{ id: 'a', child: { name: 'n' }, items: [{ n: 1 }] }]);
  });

  it('lists every key a view may carry', () => {
    expect([...keysOf(View)].sort()).toEqual(['child', 'id', 'items', 'n', 'name']);
    const detail = keysOf(ClinicRecordDetail);
    expect(detail.has('record_number')).toBe(true);
    expect(detail.has('patient_dob')).toBe(true);
    expect(detail.has('record_password')).toBe(false);
    expect(detail.has('patient_nir')).toBe(false);
    expect(keysOf(PrescriberRecordListRow).has('record_internal_notes')).toBe(false);
  });

  it('reads a whole record apart from a portal view', () => {
    expect(isWholeRecord({ record_id: 'r', record_locked: false } as never)).toBe(true);
    expect(isWholeRecord({ record_id: 'r' } as never)).toBe(false);
  });

  it('answers schemas that read the portal views of the records calls', () => {
    for (const name of ['getRecords', 'getRecord'] as const) {
      const def = apiTable[name];
      expect(def?.audiences?.clinic).toBeDefined();
      expect(def?.audiences?.prescriber).toBeDefined();
    }
    const prescriberRecord = Object.keys(AUDIENCE_FIELDS.prescriber.record);
    expect(prescriberRecord).not.toContain('record_owner');
    expect(Object.keys(AUDIENCE_FIELDS.clinic.record)).toContain('record_owner');
  });
});
