import type { GrantedRights, Locale, UserType } from '@sil/contract';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/open.js';
import { clinics, prescribers } from '../../db/schema/clinics.js';
import { users } from '../../db/schema/users.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { assertCanGrant, rightsColumns } from '../users/index.js';
import { linkTo } from './accounts.js';
import { issueLink } from './challenges.js';
import type { AuthDeps } from './deps.js';
import { messagesFor } from './messages.js';
import { hashPassword } from './secrets.js';

export interface NewUserInput extends GrantedRights {
  user_name: string;
  user_email: string;
  user_phone_num?: string;
  user_password?: string;
  otp_enabled?: boolean;
  locale?: Locale;
}

export type NewUserKind =
  | { type: 'internal' }
  | { type: 'external'; clinic_id: string; external_account_type: 'medical' | 'billing' }
  | { type: 'prescriber'; prescriber_id?: string };

/** The clinic or prescriber a new account is attached to must be one of the caller's laboratory. */
async function assertAttachmentExists(tx: Tx, laboratoryId: string, kind: NewUserKind) {
  if (kind.type === 'external') {
    const [clinic] = await tx
      .select()
      .from(clinics)
      .where(and(eq(clinics.clinic_id, kind.clinic_id), eq(clinics.laboratory_id, laboratoryId)));
    if (!clinic) fail('clinicNotFound');
  }
  if (kind.type === 'prescriber' && kind.prescriber_id) {
    const [prescriber] = await tx
      .select()
      .from(prescribers)
      .where(
        and(eq(prescribers.prescriber_id, kind.prescriber_id), eq(prescribers.laboratory_id, laboratoryId)),
      );
    if (!prescriber) fail('prescriberNotFound');
  }
}

/**
 * Creates an account in the caller's laboratory. Without a password, the new user is invited by
 * e-mail with a link to choose one.
 */
export async function addUser(deps: AuthDeps, caller: Authenticated, input: NewUserInput, kind: NewUserKind) {
  const laboratoryId = caller.user.laboratory_id;
  if (input.otp_enabled && !input.user_phone_num)
    fail('missingData', { issues: [{ path: 'user_phone_num', message: 'required' }] });
  // Externals and prescribers get the rights of their portal, never the internal levels.
  const granted: GrantedRights = kind.type === 'internal' ? input : {};
  assertCanGrant(caller.rights, granted);
  const locale = input.locale ?? 'fr';
  const passwordHash = input.user_password ? await hashPassword(input.user_password) : null;

  const created = await writeTransaction(deps.db, actorOf(caller), async (tx) => {
    const [taken] = await tx
      .select({ uid: users.admin_uid })
      .from(users)
      .where(eq(users.user_email, input.user_email));
    if (taken) fail('emailAlreadyInUse');
    await assertAttachmentExists(tx, laboratoryId, kind);
    const type: UserType = kind.type;
    const [user] = await tx
      .insert(users)
      .values({
        laboratory_id: laboratoryId,
        user_name: input.user_name,
        user_email: input.user_email,
        user_phone_num: input.user_phone_num ?? null,
        password_hash: passwordHash,
        otp_enabled: input.otp_enabled ?? false,
        user_type: type,
        external_account_type: kind.type === 'external' ? kind.external_account_type : null,
        clinic_id: kind.type === 'external' ? kind.clinic_id : null,
        prescriber_id: kind.type === 'prescriber' ? (kind.prescriber_id ?? null) : null,
        medical_user: kind.type === 'external' && kind.external_account_type === 'medical',
        billing_user: kind.type === 'external' && kind.external_account_type === 'billing',
        preferences: { locale },
        ...(kind.type === 'internal' ? rightsColumns(granted) : {}),
      })
      .returning();
    if (!user) return fail('unexpectedError');
    const invitation = passwordHash
      ? null
      : await issueLink(tx, user.admin_uid, 'reset', deps.config.INVITATION_TTL_SECONDS);
    return { user, invitation };
  });

  if (created.invitation) {
    const text = messagesFor(locale);
    await deps.mailer.send({
      to: created.user.user_email,
      subject: text.invitationSubject,
      text: text.invitation(
        created.user.user_name,
        linkTo(deps, locale, 'reset-password', created.invitation),
      ),
    });
  }
  return { admin_uid: created.user.admin_uid, invitation_sent: created.invitation !== null };
}
