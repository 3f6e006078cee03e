import { describe, expect, it } from 'vitest';
import { frenchDate, frenchDateTime, labelDob, labelName, pdfFileName, printedDob } from './format.js';

describe('pdfFileName', () => {
  it('names the report-service files as spec §7 does', () => {
    expect(pdfFileName('D2024-000123', 'Dupont-Léger', 'Élodie', 'requestForm')).toBe(
      "D2024-000123 - DUPONT-LÉGER Élodie - BON DE DEMANDE D'ANALYSE.pdf",
    );
    expect(pdfFileName('D2024-000123', 'Dupont', 'Élodie', 'cerfa')).toBe(
      "D2024-000123 - DUPONT Élodie - FEUILLE D'HONORAIRES.pdf",
    );
    expect(pdfFileName('D2024-000123', 'Dupont', 'Élodie', 'prescription')).toBe(
      'D2024-000123 - DUPONT Élodie - PRESCRIPTION.pdf',
    );
  });

  it('replaces characters a workstation refuses in a file name', () => {
    expect(pdfFileName('D1', 'O/Brien', 'Ann: "Jo"', 'prescription')).toBe(
      'D1 - O-BRIEN Ann- -Jo- - PRESCRIPTION.pdf',
    );
  });
});

describe('label formats', () => {
  it('writes the name as SURNAME First name and the birth date as DDMMYYYY sex', () => {
    expect(labelName(' de la Tour ', 'Noé')).toBe('DE LA TOUR Noé');
    expect(labelDob('1980-02-01', 'F')).toBe('01021980 F');
  });

  it('prints the label’s DDMMYYYY with slashes, the sex kept, as paper shows dates', () => {
    expect(printedDob('01021980 F')).toBe('01/02/1980 F');
    expect(printedDob('31121999')).toBe('31/12/1999');
  });

  it('writes dates the French way', () => {
    expect(frenchDate('2024-05-14')).toBe('14/05/2024');
    expect(frenchDateTime('2024-05-14T08:35')).toBe('14/05/2024 à 08:35');
  });
});
