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
