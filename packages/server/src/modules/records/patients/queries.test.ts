import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { patientSearch } from './queries.js';

const LABORATORY = '00000000-0000-4000-8000-000000000001';
const dialect = new PgDialect();
const searched = (term: string) => {
  const condition = patientSearch(term, LABORATORY);
  if (!condition) throw new Error(`no condition for ${term}`);
  return dialect.sqlToQuery(condition).sql;
};

describe('the columns a patient search compares', () => {
  it('compares a name with the folded names and the external id, never with the NIR or the INS', () => {
    for (const term of ['Martin', 'lefèvre-dupont hélène', "d'Artagnan", 'A1234']) {
      const text = searched(term);
      expect(text).toContain('"patient_search_names"');
      expect(text).toContain('"patient_external_id"');
      expect(text).not.toContain('"patient_nir"');
      expect(text).not.toContain('"patient_ins"');
    }
  });

  it('compares digits typed with the beginning of the NIR and the INS as well', () => {
    for (const term of ['1 85 05', '185052A123', '2850578006084']) {
      const text = searched(term);
      expect(text).toContain('"patient_nir"');
      expect(text).toContain('"patient_ins"');
      expect(text).toContain('"patient_search_names"');
    }
  });

  it('looks a date of birth up by that date alone', () => {
    const text = searched('02/03/1961');
    expect(text).toContain('"patient_dob"');
    expect(text).not.toContain('"patient_search_names"');
  });
});
