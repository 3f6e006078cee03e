import { createHash } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { clinics, prescribers } from '../db/schema/clinics.js';
import { laboratories } from '../db/schema/laboratories.js';
import { users } from '../db/schema/users.js';
import { SYSTEM_ACTOR, writeTransaction } from '../lib/transaction.js';
import { hashPassword } from '../modules/auth/index.js';
import { rightsColumns } from '../modules/users/index.js';
import { seedDemoCatalogue } from './demo-catalogue.js';
import { INTERNAL_USERS } from './demo-users.js';

export const DEMO_PASSWORD = 'Demo-2026!';

export interface DemoOptions {
  /**
   * Also the laboratory's catalogue (analyses, parameters, machines, NABM acts): what `npm start`
   * shows. Tests that build their own catalogue leave it out.
   */
  catalogue?: boolean;
}

/** Creates the demo laboratory once, on an empty database. */
export async function seedDemo(db: Db, options: DemoOptions = {}): Promise<boolean> {
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
      if (options.catalogue) await seedDemoCatalogue(tx, laboratory_id);
    },
    { comment: 'demo data' },
  );
  return true;
}
