import type { ExchangeDocument } from '../document.js';

/**
 * A known validated record, written by hand for the golden files: a qualified INS (test NIR
 * OID), a prescriber with an RPPS, a biochemistry analysis with LOINC-coded parameters (a high
 * glucose, a censored CRP, a normal sodium) in the biochemistry chapter, a blood group without
 * LOINC (a text result) in the immunohaematology chapter, a comment on a sample and a conclusion.
 */
export const KNOWN_RECORD: ExchangeDocument = {
  id: '6f1c2a52-3b0d-4f5e-9a57-1d2e3f405162',
  validatedAt: '2026-03-12T15:42:10.000Z',
  version: 1,
  kind: 'final',
  laboratory: {
    id: '0b6a9a3e-2f5d-4c8a-9e1b-7c6d5e4f3a21',
    name: 'Laboratoire des Tilleuls',
    finess: '750000001',
    address: '12 rue des Tilleuls, 75011 Paris',
    phone: '0140000000',
    // Derived from the FINESS (laboratory-oid.ts).
    oidRoot: '1.2.250.1.71.4.2.2.750000001',
  },
  record: {
    id: '1d9e8f7a-6b5c-4d3e-8f2a-1b0c9d8e7f6a',
    number: '2603120007',
    collectedAt: '2026-03-12T07:15:00.000Z',
  },
  patient: {
    id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
    surname: 'DUPONT-MARTIN',
    firstName: 'Élodie',
    birthName: 'MARTIN',
    dob: '1979-03-21',
    sex: 'F',
    ins: { value: '279035121518989', oid: '1.2.250.1.213.1.4.10' },
  },
  prescriber: {
    id: '9c8b7a6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
    surname: 'LEGRAND',
    firstName: 'Paul',
    title: 'Dr',
    rpps: '10001234565',
  },
  biologist: {
    id: '3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b',
    name: 'Dr Claire Biologiste',
    specialty: { code: 'G15_10/SM03', label: 'Médecin - Biologie médicale (SM)' },
  },
  analyses: [
    {
      code: '0552',
      codeSystem: 'NABM',
      name: 'Glycémie | ionogramme',
      chapter: '18719-5',
      results: [
        {
          code: 'GLY',
          name: 'Glucose',
          loinc: '2345-7',
          value: 7.21,
          text: null,
          censored: null,
          decimals: 2,
          unit: 'mmol/L',
          low: 3.9,
          high: 5.8,
          flags: ['high'],
          sampleNumber: '2603120007-01',
          collectedAt: '2026-03-12T07:15:00.000Z',
        },
        {
          code: 'NA',
          name: 'Sodium',
          loinc: '2951-2',
          value: 140,
          text: null,
          censored: null,
          decimals: 0,
          unit: 'mmol/L',
          low: 136,
          high: 145,
          flags: [],
          sampleNumber: '2603120007-01',
          collectedAt: '2026-03-12T07:15:00.000Z',
        },
        {
          code: 'CRP',
          name: 'Protéine C réactive',
          loinc: '1988-5',
          value: 0.5,
          text: null,
          censored: '<',
          decimals: 1,
          unit: 'mg/L',
          low: null,
          high: 5,
          flags: ['belowDetection'],
          sampleNumber: '2603120007-01',
          collectedAt: '2026-03-12T07:15:00.000Z',
        },
      ],
    },
    {
      code: '7f3e2d1c-0b9a-4e8d-9c7b-6a5f4e3d2c1b',
      codeSystem: 'L',
      name: 'Groupe sanguin',
      chapter: '18717-9',
      results: [
        {
          code: 'GRP',
          name: 'Groupe ABO-RH1',
          value: null,
          text: 'O RH:1 (positif)',
          censored: null,
          decimals: null,
          flags: [],
          low: null,
          high: null,
          sampleNumber: '2603120007-02',
          collectedAt: '2026-03-12T07:15:00.000Z',
        },
      ],
    },
  ],
  comments: [{ about: '2603120007-01', text: 'Sérum légèrement hémolysé.' }],
  conclusion: 'Hyperglycémie à contrôler à jeun.\nAvis: voir le médecin traitant.',
};
