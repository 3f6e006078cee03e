import { apiTable, emptyRights, formBoolean, nirSchema } from '@sil/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { typedAnswerWriter } from './audience.js';
import { compileProjection } from './typed-answer.js';

const Row = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(['open', 'closed']),
  urgent: formBoolean,
  nir: nirSchema.nullable().optional(),
  child: z.object({ n: z.number().int(), flag: z.boolean() }).nullable(),
  items: z.array(z.object({ code: z.literal('A').or(z.literal('B')), tags: z.array(z.string()) })),
  seen: z.iso.datetime().nullable(),
});
const Page = z.object({ data: z.array(Row), number_of_rows: z.number(), capped: z.literal(true).optional() });

const row = {
  secret: 'not declared',
  items: [{ tags: ['x'], code: 'B', extra: 1 }],
  id: '0b7c6f3e-4a1b-4c2d-9e8f-0a1b2c3d4e5f',
  name: 'Lefèvre-Dupont',
  status: 'open',
  urgent: true,
  nir: '279035121518989',
  child: { flag: false, n: 3, laboratory_id: 'tenant' },
  seen: null,
};

describe('answers written by their view’s projection', () => {
  it('writes the JSON the zod check writes: declared keys only, in the schema’s order', () => {
    const page = { number_of_rows: 2, data: [row, { ...row, child: null, nir: undefined, urgent: false }] };
    const project = compileProjection(Page);
    expect(JSON.stringify(project(page))).toBe(JSON.stringify(z.encode(Page, page as z.output<typeof Page>)));
    expect(project(page)).not.toHaveProperty('data.0.secret');
  });

  it('writes undefined keys as absent and a declared `__proto__` as a key, never as a prototype', () => {
    const Odd = z.object({ ['__proto__']: z.string(), kept: z.string().optional() });
    const written = compileProjection(Odd)(JSON.parse('{"__proto__": "own", "other": 1}'));
    expect(Object.getPrototypeOf(written)).toBe(Object.prototype);
    expect(JSON.stringify(written)).toBe('{"__proto__":"own"}');
  });

  it('still refuses a value that a converting part does not accept', () => {
    const project = compileProjection(Row);
    expect(() => project({ ...row, nir: '123' })).toThrow(/does not match its schema/);
  });

  it('cuts a record to the view of a clinic user and keeps it whole for staff', () => {
    const getRecord = apiTable.getRecord;
    if (!getRecord) throw new Error('no getRecord in the route table');
    const write = typedAnswerWriter(getRecord);
    const answer = [{ record_id: '0b7c6f3e-4a1b-4c2d-9e8f-0a1b2c3d4e5f', record_internal_notes: 'internal' }];
    const staff = JSON.parse(write(emptyRights('internal'), answer));
    const clinic = JSON.parse(write(emptyRights('external'), answer));
    expect(staff[0]).toHaveProperty('record_internal_notes', 'internal');
    expect(clinic[0]).not.toHaveProperty('record_internal_notes');
    expect(clinic[0]).toHaveProperty('record_id');
  });
});
