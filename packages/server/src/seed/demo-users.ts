import { ADMIN_KEYS, type GrantedRights } from '@sil/contract';

const allLevels = (level: 0 | 1 | 2 | 3) =>
  Object.fromEntries(ADMIN_KEYS.map((key) => [key, level])) as GrantedRights;
const readReference = {
  admin_analyses: 1,
  admin_parameters: 1,
  admin_families: 1,
  admin_matrices: 1,
  admin_machines: 1,
  admin_sample_types: 1,
  admin_nabms: 1,
} as const satisfies GrantedRights;

/** The internal demo users and what each may do; all share DEMO_PASSWORD and log in without OTP. */
export const INTERNAL_USERS: Array<{ email: string; name: string; rights: GrantedRights }> = [
  {
    email: 'admin@demo.lab',
    name: 'Alice Martin (administratrice)',
    rights: {
      ...allLevels(3),
      admin_rights: true,
      validation_admin: true,
      invalidation_admin: true,
      billing_user: true,
      medical_user: true,
    },
  },
  {
    email: 'biologiste@demo.lab',
    name: 'Dr Bruno Lefèvre (biologiste)',
    rights: {
      ...readReference,
      admin_records: 3,
      admin_patients: 3,
      admin_samples: 3,
      admin_prescribers: 2,
      admin_collectors: 2,
      admin_clinics: 1,
      validation_admin: true,
      invalidation_admin: true,
      medical_user: true,
    },
  },
  {
    email: 'technicien@demo.lab',
    name: 'Camille Durand (technicienne)',
    // Reads the collectors: the bench's observations tab says who collected the sample.
    rights: { ...readReference, admin_samples: 2, admin_records: 2, admin_patients: 1, admin_collectors: 1 },
  },
  {
    email: 'secretariat@demo.lab',
    name: 'David Petit (secrétariat)',
    rights: {
      admin_patients: 2,
      admin_records: 2,
      admin_prescribers: 2,
      admin_collectors: 2,
      admin_clinics: 1,
      admin_nabms: 1,
      admin_analyses: 1,
      // Reference data the front desk searches analyses by (spec.md §6: a family filter needs read 1).
      admin_families: 1,
      billing_user: true,
    },
  },
];
