import { authorSpecialty, type LaboratoryIdentity, type LaboratoryIdentityBody } from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/open.js';
import { laboratories } from '../../db/schema/laboratories.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { updateIfUnchanged } from '../../lib/concurrency.js';
import { fail } from '../../lib/errors.js';
import { toIso } from '../../lib/time.js';
import { writeTransaction } from '../../lib/transaction.js';

/** The keys of laboratory_settings the report header reads (reports/report-data.ts). */
const IDENTITY_KEYS = {
  laboratory_address: 'address',
  laboratory_phone: 'phone',
  laboratory_finess: 'finess',
  laboratory_accreditation: 'accreditation',
  // The national documents' identifiers and author (exchange/laboratory-oid.ts).
  laboratory_oid_root: 'oid_root',
  laboratory_author_specialty: 'author_specialty',
} as const;

type Laboratory = typeof laboratories.$inferSelect;

const text = (settings: Record<string, unknown>, key: string) => {
  const value = settings[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

const specialtyOf = (code: string | null) => {
  const parsed = authorSpecialty.safeParse(code);
  return parsed.success ? parsed.data : null;
};

function present(laboratory: Laboratory): LaboratoryIdentity {
  const settings = laboratory.laboratory_settings;
  return {
    laboratory_name: laboratory.laboratory_name,
    laboratory_address: text(settings, IDENTITY_KEYS.laboratory_address),
    laboratory_phone: text(settings, IDENTITY_KEYS.laboratory_phone),
    laboratory_finess: text(settings, IDENTITY_KEYS.laboratory_finess),
    laboratory_accreditation: text(settings, IDENTITY_KEYS.laboratory_accreditation),
    laboratory_oid_root: text(settings, IDENTITY_KEYS.laboratory_oid_root),
    laboratory_author_specialty: specialtyOf(text(settings, IDENTITY_KEYS.laboratory_author_specialty)),
    laboratory_last_updated: toIso(laboratory.laboratory_last_updated),
  };
}

async function laboratoryOf(q: Queryable, laboratoryId: string) {
  const [laboratory] = await q
    .select()
    .from(laboratories)
    .where(eq(laboratories.laboratory_id, laboratoryId));
  return laboratory ?? fail('laboratoryNotFound');
}

/**
 * The laboratory's identity (issue 15): its name, and in its settings the address, phone, FINESS
 * and accreditation mention the result report prints in its header. Other settings are kept.
 */
export const laboratoryIdentity = async (db: Db, auth: Authenticated) =>
  present(await laboratoryOf(db, auth.user.laboratory_id));

export const updateLaboratoryIdentity = (
  db: Db,
  auth: Authenticated,
  input: z.output<typeof LaboratoryIdentityBody>,
) =>
  writeTransaction(db, actorOf(auth), async (tx) => {
    const laboratoryId = auth.user.laboratory_id;
    const current = await laboratoryOf(tx, laboratoryId);
    const settings: Record<string, unknown> = { ...current.laboratory_settings };
    for (const [field, key] of Object.entries(IDENTITY_KEYS)) {
      const value = input[field as keyof typeof IDENTITY_KEYS];
      if (value === undefined) continue;
      if (value === null) delete settings[key];
      else settings[key] = value;
    }
    const updated = await updateIfUnchanged(
      tx,
      laboratories,
      {
        idColumn: laboratories.laboratory_id,
        id: laboratoryId,
        stampColumn: laboratories.laboratory_last_updated,
        stamp: input.laboratory_last_updated,
      },
      { laboratory_name: input.laboratory_name, laboratory_settings: settings },
      'laboratoryNotFound',
    );
    return present(updated);
  });
