import { z } from 'zod';

/**
 * Amendments after validation (issue 37, decision 0023). Once a record is validated (it awaits
 * submission, is sent, or one of its samples is validated) what its report says about who the
 * patient is, which clinic owns it and who prescribed it changes only through an amendment:
 * invalidation with a reason, the correction, and a validation that makes a new report version
 * saying which one it replaces.
 */

/**
 * The patient's identity as the report and the result messages carry it: the names, sex and birth
 * date it prints, the INS and its authority, and the birthplace (the fifth INS trait). Filling one
 * that was empty does not contradict a report already out; changing a value does.
 */
export const AMENDED_PATIENT_FIELDS = [
  'patient_surname',
  'patient_name',
  'patient_birth_name',
  'patient_gender',
  'patient_dob',
  'patient_birthplace',
  'patient_ins',
  'patient_ins_oid',
] as const;

/** Who owns the record (the clinic that sees it) and who prescribed it (who receives it). */
export const AMENDED_RECORD_FIELDS = ['record_owner', 'record_prescriber'] as const;

/** Why a validated record is taken back: printed on the amended report and kept with the trail. */
export const INVALIDATION_REASON_MAX = 1000;
export const invalidationReason = z.string().trim().min(1).max(INVALIDATION_REASON_MAX);
