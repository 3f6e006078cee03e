import { apiTable, emptyRights, INTERNAL_FIELDS } from '@sil/contract';
import { describe, expect, it } from 'vitest';
import { answerFor } from './audience.js';
import type { ExportSheet } from './list/export-file.js';

const sheet: ExportSheet = {
  name: 'records',
  columns: ['record_number', 'record_password', 'patient_surname', 'record_internal_notes'],
  rows: [
    {
      record_number: '2611220001',
      record_password: 'k3Xq9a',
      patient_surname: 'MARTIN',
      record_internal_notes: 'x',
    },
  ],
};
const exportRecords = apiTable.exportRecords;
const getRecord = apiTable.getRecord;
if (!exportRecords || !getRecord) throw new Error('route table without the records calls');

describe('answers cut to their reader', () => {
  it('gives staff the answer as the handler made it', () => {
    expect(answerFor(exportRecords, emptyRights('internal'), sheet)).toBe(sheet);
    expect(answerFor(exportRecords, undefined, sheet)).toBe(sheet);
  });

  it('keeps only the allowed columns of an export for a clinic user and a prescriber', () => {
    for (const rights of [emptyRights('external'), emptyRights('prescriber')]) {
      const cut = answerFor(exportRecords, rights, sheet) as ExportSheet;
      expect(cut.columns).toEqual(['record_number', 'patient_surname']);
      expect(cut.rows).toEqual([{ record_number: '2611220001', patient_surname: 'MARTIN' }]);
    }
  });

  it('projects a record onto the view of a prescriber', () => {
    const record = { record_id: 'r', record_number: '1', record_password: 'p', samples: [], patient: null };
    const cut = answerFor(getRecord, emptyRights('prescriber'), [record]) as Array<Record<string, unknown>>;
    expect(cut).toEqual([{ record_id: 'r', record_number: '1', samples: [], patient: null }]);
    for (const field of INTERNAL_FIELDS.record) expect(cut[0]).not.toHaveProperty(field);
  });
});
