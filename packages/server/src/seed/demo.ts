import { createHash } from 'node:crypto';
import { ADMIN_KEYS, type GrantedRights } from '@sil/contract';
import { count } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { clinics, laboratories, prescribers, users } from '../db/schema/index.js';
import { SYSTEM_ACTOR, writeTransaction } from '../lib/transaction.js';
import { hashPassword } from '../modules/auth/index.js';
import { rightsColumns } from '../modules/users/index.js';

export const DEMO_PASSWORD = 'Demo-2026!';

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
const INTERNAL_USERS: Array<{ email: string; name: string; rights: GrantedRights }> = [
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
    rights: { ...readReference, admin_samples: 2, admin_records: 2, admin_patients: 1 },
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
      billing_user: true,
    },
  },
];

/** Creates the demo laboratory once, on an empty database. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(laboratories);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(createHash('sha256').update(DEMO_PASSWORD).digest('hex'));

  await writeTransaction(
    db,
    SYSTEM_ACTOR,
    async (tx) => {
      const [lab] = await tx
        .insert(laboratories)
        .values({ laboratory_name: 'Laboratoire de démonstration', laboratory_code: 'DEMO' })
        .returning();
      if (!lab) throw new Error('demo laboratory not created');
      const laboratory_id = lab.laboratory_id;
      const [clinic] = await tx
        .insert(clinics)
        .values({
          laboratory_id,
          clinic_name: 'Clinique des Lilas',
          clinic_code: 'LILAS',
          clinic_phone_num: '+33140000000',
        })
        .returning();
      const [prescriber] = await tx
        .insert(prescribers)
        .values({
          laboratory_id,
          prescriber_title: 'Dr',
          prescriber_surname: 'BERNARD',
          prescriber_name: 'Claire',
          prescriber_rpps: '10012345673',
          prescriber_specialty: 1,
          prescriber_phone_num: '+33145000000',
        })
        .returning();
      if (!clinic || !prescriber) throw new Error('demo clinic or prescriber not created');

      const common = {
        laboratory_id,
        password_hash: passwordHash,
        email_verified: true,
        preferences: { locale: 'fr' as const },
      };
      await tx.insert(users).values([
        ...INTERNAL_USERS.map((user) => ({
          ...common,
          user_email: user.email,
          user_name: user.name,
          user_type: 'internal' as const,
          ...rightsColumns(user.rights),
        })),
        {
          ...common,
          user_email: 'clinique@demo.lab',
          user_name: 'Élise Roux (Clinique des Lilas)',
          user_type: 'external' as const,
          external_account_type: 'medical' as const,
          clinic_id: clinic.clinic_id,
          medical_user: true,
        },
        {
          ...common,
          user_email: 'prescripteur@demo.lab',
          user_name: 'Dr Claire Bernard',
          user_type: 'prescriber' as const,
          prescriber_id: prescriber.prescriber_id,
        },
      ]);
    },
    { comment: 'demo data' },
  );
  return true;
}
