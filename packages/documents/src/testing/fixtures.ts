import type { ReportInput } from '../report-schema.js';
import type { RequestFormInput } from '../schemas.js';

/** A record as the reception desk would register it, with the accents French names carry. */
export const patient = {
  surname: 'Dupont-Léger',
  firstName: 'Élodie Françoise',
  birthName: 'Léger',
  dob: '1980-02-01',
  sex: 'F',
} as const;

export const requestForm: RequestFormInput = {
  laboratory: {
    name: 'Laboratoire Saint-Éloi',
    address: '12 rue de la Santé, 75013 Paris',
    phone: '01 23 45 67 89',
  },
  recordId: 'D2024-000123',
  recordNumber: '000123',
  patient,
  prescriber: { name: 'Dr Hélène Garçon', rpps: '10101010101' },
  collectedAt: '2024-05-14T08:35',
  collector: 'Mme Chloé Bœuf',
  prescriptionDate: '2024-05-13',
  analyses: [
    {
      name: 'Numération formule sanguine',
      nabmCodes: ['1104'],
      combination: 1,
      sampleType: 'Sang total',
      matrix: 'Tube EDTA',
    },
    {
      name: 'Éthanol sanguin',
      nabmCodes: ['4015'],
      combination: 2,
      sampleType: 'Sang total',
      matrix: 'Tube fluoré',
    },
    {
      name: 'Hémoglobine glyquée',
      nabmCodes: ['1577'],
      combination: 1,
      sampleType: 'Sang total',
      matrix: 'Tube EDTA',
    },
    { name: 'ECBU', combination: 1, sampleType: 'Urine' },
  ],
  clinicalInformation: 'Diabète de type 2 ; dernière prise de metformine hier à 20 h.',
  reportChannels: ['online', 'fax'],
};

/** A known record: chemistry (ranked first) with a high glucose, a hidden line, a hidden analysis. */
export const report: ReportInput = {
  laboratory: {
    ...requestForm.laboratory,
    finess: '750000001',
    accreditation: 'Accréditation Cofrac n° 8-1234',
  },
  recordId: 'D2024-000123',
  patient: { ...patient, ins: { value: '280027512345678', oid: '1.2.250.1.213.1.4.8' } },
  prescriber: { name: 'Dr Hélène Garçon', rpps: '10101010101' },
  collectedAt: '2024-05-14T08:35',
  kind: 'final',
  version: 1,
  validatedBy: 'Dr Paul Biologiste',
  validatedAt: '2024-05-14T17:02',
  families: [
    {
      name: 'Hématologie',
      rank: 2,
      analyses: [
        {
          name: 'Numération formule sanguine',
          accreditation: '15189',
          lines: [
            { parameter: 'Hémoglobine', value: '11,2', unit: 'g/dL', range: '12,0 – 16,0', marks: ['low'] },
            { parameter: 'Index interne', value: '42', hidden: true },
          ],
        },
      ],
    },
    {
      name: 'Biochimie',
      rank: 1,
      analyses: [
        {
          name: 'Glycémie à jeun',
          lines: [
            {
              parameter: 'Glycémie à jeun',
              value: '7,10',
              unit: 'mmol/L',
              range: '3,90 – 5,50',
              marks: ['high'],
              beforeConversion: { value: '1,28', unit: 'g/L' },
              anteriority: { value: '6,40', date: '2023-11-02' },
            },
          ],
        },
        {
          name: 'Calcul interne masqué',
          hiddenInReport: true,
          lines: [{ parameter: 'Ratio masqué', value: '3,3' }],
        },
      ],
    },
    {
      name: 'Toxicologie',
      rank: 3,
      analyses: [
        {
          name: 'Éthanol sanguin',
          accreditation: '17025',
          lines: [{ parameter: 'Éthanol', value: '0,85', unit: 'g/L', marks: ['toxic'] }],
          forensicRemarks: ['Prélèvement réalisé sur réquisition judiciaire.'],
        },
      ],
    },
    {
      name: 'Sous-traitance',
      rank: 4,
      sentOut: true,
      analyses: [{ name: 'Génotypage HLA-B27', lines: [] }],
    },
  ],
  notPerformed: [{ analysis: 'Ferritine', text: 'Échantillon hémolysé' }],
  sampleInterpretations: [{ sample: 'E24-000123-1', text: 'Sérum lactescent.' }],
  recordInterpretation: 'Hyperglycémie à contrôler.',
};
