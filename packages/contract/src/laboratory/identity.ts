import { z } from 'zod';
import { authorSpecialty, OID_PATTERN } from '../exchange/dmp.js';
import { finessSchema } from '../identifiers.js';
import type { RouteDef } from '../route-def.js';
import { stamp } from '../rows/stamps.js';

/** An optional text: blank is 'not given' (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((text) => (text === '' ? null : text))
    .nullable();

/**
 * The laboratory's identity as its result reports print it in their header (issue 15): name,
 * address, phone, FINESS and the accreditation mention (COFRAC ISO 15189 n° …).
 */
export const LaboratoryIdentity = z.object({
  laboratory_name: z.string(),
  laboratory_address: z.string().nullable(),
  laboratory_phone: z.string().nullable(),
  laboratory_finess: z.string().nullable(),
  laboratory_accreditation: z.string().nullable(),
  /** The OID the laboratory registered; null: derived from its FINESS (decision 0029). */
  laboratory_oid_root: z.string().nullable(),
  /** The biologists' profession and specialty in the national documents; null: the default. */
  laboratory_author_specialty: authorSpecialty.nullable(),
  laboratory_last_updated: stamp,
});
export type LaboratoryIdentity = z.output<typeof LaboratoryIdentity>;

export const LaboratoryIdentityBody = z.object({
  laboratory_name: z.string().trim().min(1).max(200),
  /** Several lines (street, postcode and town). */
  laboratory_address: optionalText(300),
  laboratory_phone: optionalText(40),
  /** Nine digits, the last the Luhn key of the first eight; spaces as typed are removed. */
  laboratory_finess: finessSchema.nullable().or(z.literal('').transform(() => null)),
  laboratory_accreditation: optionalText(200),
  // Left out: unchanged (the forms that predate them). Blank: not given.
  laboratory_oid_root: z
    .string()
    .trim()
    .max(64)
    .regex(OID_PATTERN, 'oid')
    .nullable()
    .or(z.literal('').transform(() => null))
    .optional(),
  laboratory_author_specialty: authorSpecialty
    .nullable()
    .or(z.literal('').transform(() => null))
    .optional(),
  laboratory_last_updated: stamp,
});

const internal = ['internal'] as const;

export const laboratoryIdentityRoutes = {
  getLaboratoryIdentity: {
    method: 'GET',
    path: '/api/get-laboratory-identity',
    access: { kind: 'authenticated', userTypes: internal },
    summary: "The laboratory's identity (report header)",
    response: LaboratoryIdentity,
    errors: ['laboratoryNotFound'],
  },
  updateLaboratoryIdentity: {
    method: 'PUT',
    path: '/api/update-laboratory-identity',
    access: { kind: 'special', right: 'admin_rights' },
    summary: "Change the laboratory's identity (report header)",
    body: LaboratoryIdentityBody,
    response: LaboratoryIdentity,
    errors: ['laboratoryNotFound', 'staleUpdate'],
  },
} as const satisfies Record<string, RouteDef>;
