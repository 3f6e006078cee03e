import { z } from 'zod';
import { countrySchema } from '../countries.js';
import { civilitySchema, identityStatusSchema, titleSchema } from '../enums.js';
import { calendarDate, formBoolean, isoInstant, personName } from '../fields.js';
import { INS_OIDS, isValidCog, nirSchema } from '../identifiers.js';

const text = (max: number) => z.string().trim().max(max).nullable().optional();
const isoDate = calendarDate;
const dateTime = isoInstant({ local: true });
const phone = z
  .string()
  .regex(/^\+?[0-9]{6,16}$/, 'phone')
  .nullable()
  .optional();

export const PATIENT_GENDERS = ['M', 'F', 'I'] as const;

/** Patient fields of spec.md §3; the five INS traits are surname at birth, first names, birth date, sex, birthplace. */
export const patientFields = {
  patient_surname: personName(100),
  patient_name: personName(100),
  patient_birth_name: text(100),
  patient_gender: z.enum(PATIENT_GENDERS),
  patient_dob: isoDate,
  /** COG code of the birth commune, or 99xxx for a country. */
  patient_birthplace: z.string().trim().toUpperCase().refine(isValidCog, 'cog').nullable().optional(),
  patient_civility: civilitySchema.nullable().optional(),
  patient_title: titleSchema.nullable().optional(),
  patient_height_cm: z.coerce.number().int().min(20).max(260).nullable().optional(),
  patient_weight_kg: z.coerce.number().int().min(0).max(400).nullable().optional(),
  patient_pregnant: formBoolean.optional(),
  patient_newborn: formBoolean.optional(),
  patient_nir: nirSchema.nullable().optional(),
  patient_ins: z
    .string()
    .trim()
    .regex(/^\d{13}(\d{2})?$|^[12378]\d{4}(2A|2B|\d{2})\d{6}\d{2}$/, 'ins')
    .nullable()
    .optional(),
  patient_ins_oid: z
    .enum(Object.values(INS_OIDS) as [string, ...string[]])
    .nullable()
    .optional(),
  patient_identity_status: identityStatusSchema.optional(),
  patient_address: text(300),
  patient_city: text(100),
  patient_zip: text(10),
  patient_country: countrySchema.nullable().optional(),
  patient_phone_num: phone,
  patient_landline: phone,
  patient_email: z.email('email').nullable().optional(),
  patient_fax: phone,
  patient_insurance: text(200),
  patient_agreement_type: text(100),
  patient_insurance_code1: text(20),
  patient_insurance_code2: text(20),
  patient_insurance_from: isoDate.nullable().optional(),
  patient_insurance_to: isoDate.nullable().optional(),
  patient_external_id: text(100),
  patient_owner: z.uuid().nullable().optional(),
  patient_treating_practitioner: text(200),
  patient_posology: text(2000),
  patient_treatment_last: dateTime.nullable().optional(),
  patient_internal_notes: text(5000),
  /** The patient opposes the feeding of their DMP (shared medical record): nothing is sent there. */
  patient_dmp_opposition: formBoolean.optional(),
};

export const PATIENT_REQUIRED = ['patient_surname', 'patient_name', 'patient_gender', 'patient_dob'] as const;

/** Days before the end of insurance rights from which the front desk is warned. */
export const INSURANCE_EXPIRY_WARNING_DAYS = 30;

/** 'expired', 'expiringSoon' or null: the warnings of spec.md §5 on the insurance end date. */
export function insuranceWarning(
  insuranceTo: string | null | undefined,
  today = new Date(),
): 'expired' | 'expiringSoon' | null {
  if (!insuranceTo) return null;
  const end = new Date(`${insuranceTo}T23:59:59Z`).getTime();
  const now = today.getTime();
  if (end < now) return 'expired';
  return end - now <= INSURANCE_EXPIRY_WARNING_DAYS * 86_400_000 ? 'expiringSoon' : null;
}

/** Only a qualified identity shows its INS on documents and in exchanges (national INS rules). */
export const insShownOnDocuments = (status: string | null | undefined) => status === 'qualified';

/** Patient search by date of birth uses DD/MM/YYYY (spec.md §5); answers the ISO date or null. */
export function dobFromSearch(term: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(term.trim());
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}
