import { beforeAll, describe, expect, it } from 'vitest';
import { loadScreenTexts } from '../../app/screen-texts';
import { i18n } from '../../lib/i18n';
import { newestFirst, type TraceEntry, traceSentence } from './trace-sentence';

const RECORD = '1c8e2d0f-7b63-4d2e-8f68-4a2b3c5d6e7f';
const SAMPLE = '2d7f1e9a-8c74-4e3f-9a79-5b3c4d6e7f80';
const MARIE = '6f1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f';
const BERNARD = '3e6a0f8b-9d85-4f40-8b8a-6c4d5e7f8091';
const LEROY = '4f5b9a7c-ae96-4a51-9c9b-7d5e6f8091a2';
const NFS = '0b9f3c1e-6a52-4c1d-9e57-3f1a2b4c5d6e';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-/i;

/** 23/11/2026 at 14:02 in Paris (UTC+1 in November). */
const WHEN = '2026-11-23T13:02:00.000Z';

function entry(change: Partial<TraceEntry>): TraceEntry {
  return {
    modification_id: 1,
    table_name: 'records',
    row_id: RECORD,
    modification_by: MARIE,
    modification_by_name: 'Marie Dupont (technicien)',
    modification_field: null,
    modification_old_value: null,
    modification_new_value: null,
    modification_timestamp: WHEN,
    modification_type: 'update',
    log_comment: null,
    nca: null,
    names: { [RECORD]: '2611230001' },
    result_change: null,
    ...change,
  };
}

const fr = () => i18n.getFixedT('fr', 'records');
const en = () => i18n.getFixedT('en', 'records');
const sentence = (language: 'fr' | 'en', change: Partial<TraceEntry>) =>
  traceSentence(entry(change), language === 'fr' ? fr() : en(), language === 'fr' ? 'fr' : 'en-GB');

beforeAll(loadScreenTexts);

describe('a trace entry as a sentence', () => {
  it('says who changed which field from what to what, and when, in the screen’s language', () => {
    const urgent = {
      modification_field: 'record_is_urgent',
      modification_old_value: 'false',
      modification_new_value: 'true',
    };
    expect(sentence('en', urgent)).toBe(
      'Marie Dupont (technicien) changed Urgent from No to Yes on 23/11/2026 at 14:02',
    );
    expect(sentence('fr', urgent)).toBe(
      'Marie Dupont (technicien) a modifié Urgent de « Non » à « Oui » le 23/11/2026 à 14:02',
    );
  });

  it('names the rows an identifier points at, and never shows one', () => {
    const prescriber = entry({
      modification_field: 'record_prescriber',
      modification_old_value: BERNARD,
      modification_new_value: LEROY,
      names: { [BERNARD]: 'BERNARD Claire', [LEROY]: 'LEROY Anne' },
    });
    expect(traceSentence(prescriber, en(), 'en-GB')).toBe(
      'Marie Dupont (technicien) changed Prescriber from BERNARD Claire to LEROY Anne on 23/11/2026 at 14:02',
    );
    // A row deleted since has no name left: the sentence says so rather than print its identifier.
    const gone = traceSentence({ ...prescriber, names: {} }, fr(), 'fr');
    expect(gone).toContain('« un élément supprimé depuis »');
    expect(gone).not.toMatch(UUID);
  });

  it('reads statuses, dates, decimals and lists kept as JSON as words', () => {
    expect(
      sentence('fr', {
        table_name: 'samples',
        row_id: SAMPLE,
        modification_field: 'sample_status',
        modification_old_value: '0',
        modification_new_value: '1',
        names: { [SAMPLE]: '2611230001-01' },
      }),
    ).toBe(
      'Marie Dupont (technicien) a modifié Avancement de l’échantillon 2611230001-01 de « Enregistré » à « Préparé » le 23/11/2026 à 14:02',
    );
    expect(
      sentence('en', {
        modification_field: 'record_status',
        modification_old_value: '0',
        modification_new_value: '1',
      }),
    ).toContain('from Pre-registered to Registered');
    expect(
      sentence('fr', {
        modification_field: 'record_prescription_date',
        modification_new_value: '2026-11-20',
      }),
    ).toBe(
      "Marie Dupont (technicien) a renseigné Date de l'ordonnance : « 20/11/2026 » le 23/11/2026 à 14:02",
    );
    expect(
      sentence('en', {
        modification_field: 'record_collection_datetime',
        modification_old_value: '2026-11-23T07:30:00+00:00',
      }),
    ).toBe(
      'Marie Dupont (technicien) cleared Collection date and time (was 23/11/2026 at 08:30) on 23/11/2026 at 14:02',
    );
    expect(
      sentence('fr', {
        table_name: 'patients',
        row_id: MARIE,
        modification_field: 'patient_weight_kg',
        modification_old_value: '72.5',
        modification_new_value: '70',
        names: { [MARIE]: 'DURAND Élodie' },
      }),
    ).toContain('du patient DURAND Élodie de « 72,5 » à « 70 »');
    expect(
      sentence('en', {
        modification_field: 'record_selected_analyses',
        modification_new_value: JSON.stringify([{ combination: 1, analysis_ids: [NFS] }]),
        names: { [NFS]: 'NFS' },
      }),
    ).toContain('set Analyses to NFS on');
    expect(
      sentence('en', {
        modification_field: 'record_persons_to_phone',
        modification_new_value: '["patient","nurse"]',
      }),
    ).toContain('to Patient, Nurse on');
    expect(
      sentence('fr', {
        table_name: 'patients',
        modification_field: 'patient_civility',
        modification_old_value: 'MR',
        modification_new_value: 'MME',
      }),
    ).toContain('de « Monsieur » à « Madame »');
  });

  it('tells a creation and a deletion by the row’s name, without its JSON', () => {
    const created = sentence('fr', {
      modification_type: 'insert',
      modification_new_value: JSON.stringify({ record_id: RECORD, record_number: '2611230001' }),
    });
    expect(created).toBe('Marie Dupont (technicien) a créé le dossier 2611230001 le 23/11/2026 à 14:02');
    // A deleted sample is no longer among the names: the number comes from the row the trace kept.
    const deleted = sentence('en', {
      modification_type: 'delete',
      table_name: 'samples',
      row_id: SAMPLE,
      names: {},
      modification_old_value: JSON.stringify({ sample_id: SAMPLE, sample_number: '2611230001-02' }),
    });
    expect(deleted).toBe('Marie Dupont (technicien) deleted sample 2611230001-02 on 23/11/2026 at 14:02');
    expect(`${created} ${deleted}`).not.toMatch(/[{}]/);
  });

  it('names the system or an unknown author rather than an identifier', () => {
    expect(
      sentence('en', { modification_by: 'system', modification_by_name: null, modification_type: 'insert' }),
    ).toMatch(/^The system created record 2611230001/);
    expect(sentence('fr', { modification_by_name: null, modification_type: 'insert' })).toMatch(
      /^Un utilisateur a créé/,
    );
  });

  it('lists the newest change first', () => {
    const ids = newestFirst([
      entry({ modification_id: 1 }),
      entry({ modification_id: 3 }),
      entry({ modification_id: 2 }),
    ]);
    expect(ids.map((e) => e.modification_id)).toEqual([3, 2, 1]);
  });

  it('tells the non-conformities: their codes with their words, and the ANE or NCA they belong to', () => {
    const nct = {
      table_name: 'samples',
      row_id: SAMPLE,
      names: { [SAMPLE]: '2611230001-01' },
      modification_field: 'sample_nct_code',
      modification_old_value: null,
      modification_new_value: 'nct2',
    };
    expect(sentence('en', nct)).toBe(
      'Marie Dupont (technicien) set NCT code of sample 2611230001-01 to nct2 — Insufficient collection on 23/11/2026 at 14:02',
    );
    const created = {
      table_name: 'record_ncas',
      row_id: BERNARD,
      modification_type: 'insert' as const,
      modification_new_value: JSON.stringify({ nca_id: BERNARD, nca_code: 'nca7', nca_resolved: false }),
    };
    expect(sentence('fr', created)).toContain('la NCA nca7');
    const resolved = {
      table_name: 'record_ncas',
      row_id: BERNARD,
      names: { [BERNARD]: 'nca7' },
      modification_field: 'nca_resolved',
      modification_old_value: 'false',
      modification_new_value: 'true',
    };
    expect(sentence('en', resolved)).toBe(
      'Marie Dupont (technicien) changed Resolved of NCA nca7 from No to Yes on 23/11/2026 at 14:02',
    );
  });
});

describe('the trace of a result', () => {
  const change = (old: number | null, now: number | null) => ({
    table_name: 'results',
    row_id: SAMPLE,
    result_change: {
      parameter_id: NFS,
      parameter_name: 'Hémoglobine',
      sample_number: '2611230001-01',
      old: old === null ? null : { value: old, text: null, censored: null, unit: 'g/dL' },
      new: now === null ? null : { value: now, text: null, censored: null, unit: 'g/dL' },
    },
  });

  it('says who corrected which result from which value to which, with the units', () => {
    expect(sentence('fr', change(11.2, 11.4))).toBe(
      'Marie Dupont (technicien) a corrigé le résultat Hémoglobine (échantillon 2611230001-01) de «\u00a011,2\u00a0g/dL\u00a0» à «\u00a011,4\u00a0g/dL\u00a0» le 23/11/2026 à 14:02',
    );
    expect(sentence('en', change(11.2, 11.4))).toBe(
      'Marie Dupont (technicien) corrected the result Hémoglobine (sample 2611230001-01) from “11.2\u00a0g/dL” to “11.4\u00a0g/dL” on 23/11/2026 at 14:02',
    );
  });

  it('says when a result was entered and when it was removed', () => {
    expect(sentence('fr', change(null, 11.2))).toContain('a saisi le résultat Hémoglobine');
    expect(sentence('en', change(14.1, null))).toContain(
      'removed the result Hémoglobine (sample 2611230001-01) (was “14.1\u00a0g/dL”)',
    );
  });
});
