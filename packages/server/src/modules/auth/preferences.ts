import type { LaboratoryInformation, Preferences, UserData } from '@sil/contract';
import { DEFAULT_PREFERENCES } from '@sil/contract';
import { count, eq } from 'drizzle-orm';
import { analyses } from '../../db/schema/catalogue.js';
import { laboratories } from '../../db/schema/laboratories.js';
import { users } from '../../db/schema/users.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { userDataOf } from '../users/index.js';
import type { AuthDeps } from './deps.js';

/** The logged-in user as the web app shows them: rights, laboratory and preferences. */
export async function userData(deps: AuthDeps, caller: Authenticated): Promise<UserData> {
  const [lab] = await deps.db
    .select({ name: laboratories.laboratory_name })
    .from(laboratories)
    .where(eq(laboratories.laboratory_id, caller.user.laboratory_id));
  if (!lab) return fail('laboratoryNotFound');
  return userDataOf(caller.user, lab.name);
}

/** Merges the changes into the stored preferences; what was never chosen keeps its default. */
export async function updatePreferences(
  deps: AuthDeps,
  caller: Authenticated,
  changes: Partial<Preferences>,
): Promise<Preferences> {
  const merged = { ...DEFAULT_PREFERENCES, ...caller.user.preferences, ...changes };
  await writeTransaction(deps.db, actorOf(caller), (tx) =>
    tx.update(users).set({ preferences: merged }).where(eq(users.admin_uid, caller.user.admin_uid)),
  );
  return merged;
}

const text = (settings: Record<string, unknown>, key: string) =>
  typeof settings[key] === 'string' && settings[key] !== '' ? settings[key] : null;

/** The information page: the laboratory's contact and accreditations, with its accredited analyses. */
export async function laboratoryInformation(
  deps: AuthDeps,
  caller: Authenticated,
): Promise<LaboratoryInformation> {
  const laboratoryId = caller.user.laboratory_id;
  const [lab] = await deps.db.select().from(laboratories).where(eq(laboratories.laboratory_id, laboratoryId));
  if (!lab) return fail('laboratoryNotFound');
  const counts = await deps.db
    .select({
      iso15189: analyses.analysis_accredited_15189,
      iso17025: analyses.analysis_accredited_17025,
      n: count(),
    })
    .from(analyses)
    .where(eq(analyses.laboratory_id, laboratoryId))
    .groupBy(analyses.analysis_accredited_15189, analyses.analysis_accredited_17025);
  const sum = (pick: (row: (typeof counts)[number]) => boolean) =>
    counts.filter(pick).reduce((total, row) => total + Number(row.n), 0);
  const settings = lab.laboratory_settings;
  return {
    laboratory_name: lab.laboratory_name,
    address: text(settings, 'address'),
    phone: text(settings, 'phone'),
    finess: text(settings, 'finess'),
    accreditation: text(settings, 'accreditation'),
    analyses: sum(() => true),
    analyses_accredited_15189: sum((row) => row.iso15189),
    analyses_accredited_17025: sum((row) => row.iso17025),
  };
}
