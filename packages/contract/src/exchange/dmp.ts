import { z } from 'zod';

/**
 * The profession and specialty of the biologist who signs a CR-BIO, as the national documents code
 * it (TRE_G15 / R38, code system 1.2.250.1.213.1.1.4.5): the biology codes of the kit's value set
 * JDV_AuthorSpecialty-CISIS. The laboratory chooses one (settings key `author_specialty`); a
 * medical doctor biologist by default.
 */
export const AUTHOR_SPECIALTIES = {
  'G15_10/SM03': 'Médecin - Biologie médicale (SM)',
  'G15_10/SCH06': 'Médecin - Biologie médicale (SCH)',
  'G15_21/G': 'Pharmacien biologiste',
} as const;
export type AuthorSpecialty = keyof typeof AUTHOR_SPECIALTIES;
export const DEFAULT_AUTHOR_SPECIALTY: AuthorSpecialty = 'G15_10/SM03';
export const authorSpecialty = z.enum(
  Object.keys(AUTHOR_SPECIALTIES) as [AuthorSpecialty, ...AuthorSpecialty[]],
);

/** An ISO object identifier as CDA and XDS take it: numeric arcs, no leading zero (X.660). */
export const OID_PATTERN = /^[0-2](\.(0|[1-9]\d*))+$/;
