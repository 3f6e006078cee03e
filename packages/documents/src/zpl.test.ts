import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { zplFieldData, zplForExternalLabel, zplForLabels, zplForPasswordLabel } from './zpl.js';

const labels = {
  name: 'DUPONT-LÉGER Élodie',
  dob: '01021980 F',
  barcode: 'D2024-000123',
  samples: [
    { sample_id: 'S2024-0001231', sample_type: 'Sang total', sample_matrix: 'Tube EDTA' },
    { sample_id: 'S2024-0001232', sample_type: 'Urine', sample_matrix: 'Flacon stérile' },
  ],
};

/** Field data of every ^FD…^FS, with the ^FH hex escapes decoded back to UTF-8 text. */
function fields(zpl: string): string[] {
  return [...zpl.matchAll(/\^FD(.*?)\^FS/g)].map((match) => {
    const bytes: number[] = [];
    for (const part of (match[1] ?? '').split(/(_[0-9A-F]{2})/)) {
      if (part.startsWith('_')) bytes.push(Number.parseInt(part.slice(1), 16));
      else bytes.push(...Buffer.from(part, 'latin1'));
    }
    return Buffer.from(bytes).toString('utf8');
  });
}

describe('zplForLabels', () => {
  it('writes one label format per sample, in UTF-8, sized 50 × 25 mm at 203 dpi', () => {
    const zpl = zplForLabels(labels);
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    expect(zpl.match(/\^XZ/g)).toHaveLength(2);
    expect(zpl).toContain('^CI28');
    expect(zpl).toContain('^PW400');
    expect(zpl).toContain('^LL200');
    expect(zplForLabels(labels, { dpmm: 12 })).toContain('^PW600');
  });

  it('prints the identity, the record, the sample and a Code 128 of the sample id', () => {
    const zpl = zplForLabels(labels);
    const first = zpl.split('^XZ')[0] ?? '';
    expect(fields(first)).toEqual([
      'DUPONT-LÉGER Élodie',
      '01/02/1980 F',
      'Dossier D2024-000123',
      'Sang total · Tube EDTA',
      'S2024-0001231',
      'S2024-0001231',
    ]);
    expect(first).toMatch(/\^BCN,\d+,N,N,N,A\^FH\^FDS2024-0001231\^FS/);
  });

  it('sends only ASCII: accents travel as ^FH hex escapes of their UTF-8 bytes', () => {
    const zpl = zplForLabels(labels);
    expect(zpl).toMatch(/^[\x20-\x7E\n]*$/);
    expect(zpl).toContain('DUPONT-L_C3_89GER _C3_89lodie');
  });

  it('draws a DataMatrix instead when asked', () => {
    const zpl = zplForLabels({ ...labels, symbology: 'datamatrix' });
    expect(zpl).toMatch(/\^BXN,\d+,200\^FH\^FDS2024-0001231\^FS/);
    expect(zpl).not.toContain('^BC');
  });

  it('refuses labels whose amount is not the number of samples', () => {
    expect(() => zplForLabels({ ...labels, amount: 5 })).toThrow(ZodError);
  });
});

describe('zplFieldData', () => {
  it('keeps ZPL commands out of field data', () => {
    expect(zplFieldData('A^XZ~JR_b')).toBe('A_5EXZ_7EJR_5Fb');
    expect(zplFieldData('Noé')).toBe('No_C3_A9');
  });
});

describe('zplForExternalLabel and zplForPasswordLabel', () => {
  it('prints the external label with the record barcode', () => {
    const zpl = zplForExternalLabel({ name: 'MARTIN Noé', dob: '31121999 M', barcode: 'D2024-000123' });
    expect(fields(zpl)).toEqual([
      'MARTIN Noé',
      '31/12/1999 M',
      'Envoi externe',
      'D2024-000123',
      'D2024-000123',
    ]);
  });

  it('prints the record id and the password for online results', () => {
    const zpl = zplForPasswordLabel({ recordId: 'D2024-000123', password: 'Xk7#pQ2m' });
    expect(fields(zpl)).toContain('Xk7#pQ2m');
    expect(fields(zpl)).toContain('Vos résultats en ligne');
  });
});

describe('long names', () => {
  it('wraps a long name onto two lines instead of cutting it, and keeps the label in its 25 mm', () => {
    const name = 'DE LA ROCHEFOUCAULD-MONTMORENCY Marie-Bénédicte Éléonore';
    for (const symbology of ['code128', 'datamatrix'] as const) {
      const zpl = zplForLabels({ ...labels, name, symbology });
      expect(zpl).toContain('^FB376,2,0,L');
      expect(zpl).toContain(zplFieldData(name));
      const lowest = Math.max(...[...zpl.matchAll(/\^FO\d+,(\d+)/g)].map((match) => Number(match[1])));
      expect(lowest).toBeLessThan(200);
    }
  });
});
