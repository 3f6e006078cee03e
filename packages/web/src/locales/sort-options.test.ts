import { entities, patientList, recordList, sampleList } from '@sil/contract';
import { describe, expect, it } from 'vitest';
import en from './tables.en.json';
import fr from './tables.fr.json';

const LISTS = [...Object.values(entities), patientList, recordList, sampleList];
const options = [...new Set(LISTS.flatMap((list) => Object.keys(list.sorts)))];

describe('sort options', () => {
  it.each([
    ['fr', fr.sort.options],
    ['en', en.sort.options],
  ])('every sort option of every table has a %s label', (_locale, labels) => {
    expect(options.filter((option) => !(option in labels))).toEqual([]);
  });
});
