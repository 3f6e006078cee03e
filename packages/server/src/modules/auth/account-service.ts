import type { GrantedRights, Locale, Preferences, UserData, UserType } from '@sil/contract';
import { DEFAULT_PREFERENCES } from '@sil/contract';
import { and, eq } from 'drizzle-orm';
import { clinics, laboratories, prescribers, users } from '../../db/schema/index.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { type RequestOrigin, recordSecurityEvent } from '../audit/security-log.js';
import { assertCanGrant, rightsColumns, type UserRow, userDataOf } from '../users/rights.js';
import { actorOf } from './actor.js';
import { consumeLink, issueLink } from './challenges.js';
import type { AuthDeps } from './deps.js';
import { messagesFor } from './messages.js';
import { hashPassword } from './secrets.js';
import type { Authenticated, SessionService } from './session-service.js';

interface NewUserInput extends GrantedRights {
  user_name: string;
  user_email: string;
  user_phone_num?: string;
  user_password?: string;
  otp_enabled?: boolean;
  locale?: Locale;
}

type NewUserKind =
  | { type: 'internal' }
  | { type: 'external'; clinic_id: string; external_account_type: 'medical' | 'billing' }
  | { type: 'prescriber'; prescriber_id?: string };

export function createAccountService(deps: AuthDeps, sessions: SessionService) {
  const { db, config, mailer, sms, log } = deps;
  const link = (locale: Locale, page: string, secret: string) =>
    `${config.publicUrl}/${locale}/${page}/${secret}`;

  async function userById(uid: string): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.admin_uid, uid));
    return user ?? fail('userNotFound');
  }

  return {
    async addUser(caller: Authenticated, input: NewUserInput, kind: NewUserKind) {
      const laboratoryId = caller.user.laboratory_id;
      if (input.otp_enabled && !input.user_phone_num)
        fail('missingData', { issues: [{ path: 'user_phone_num', message: 'required' }] });
      // Externals and prescribers get the rights of their portal, never the internal levels.
      const granted: GrantedRights = kind.type === 'internal' ? input : {};
      assertCanGrant(caller.rights, granted);
      const locale = input.locale ?? 'fr';
      const passwordHash = input.user_password ? await hashPassword(input.user_password) : null;

      const created = await writeTransaction(db, actorOf(caller), async (tx) => {
        const [taken] = await tx
          .select({ uid: users.admin_uid })
          .from(users)
          .where(eq(users.user_email, input.user_email));
        if (taken) fail('emailAlreadyInUse');
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
              and(
                eq(prescribers.prescriber_id, kind.prescriber_id),
                eq(prescribers.laboratory_id, laboratoryId),
              ),
            );
          if (!prescriber) fail('prescriberNotFound');
        }
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
          : await issueLink(tx, user.admin_uid, 'reset', config.INVITATION_TTL_SECONDS);
        return { user, invitation };
      });

      if (created.invitation) {
        const text = messagesFor(locale);
        await mailer.send({
          to: created.user.user_email,
          subject: text.invitationSubject,
          text: text.invitation(created.user.user_name, link(locale, 'reset-password', created.invitation)),
        });
      }
      return { admin_uid: created.user.admin_uid, invitation_sent: created.invitation !== null };
    },

    /** Answers the same whether or not the address exists, so that it reveals nothing. */
    async requestPasswordReset(email: string, locale: Locale | undefined, origin: RequestOrigin) {
      if (await deps.throttle.isBlocked(null, origin.ip)) fail('tooManyAttempts');
      const [user] = await db.select().from(users).where(eq(users.user_email, email));
      await recordSecurityEvent(db, log, {
        type: 'password_reset_requested',
        origin,
        uid: user?.admin_uid,
        email,
      });
      if (!user || user.user_disabled) {
        await deps.throttle.recordFailure(null, origin.ip);
        return { sent: true as const };
      }
      const userLocale = locale ?? user.preferences.locale ?? 'fr';
      const secret = await issueLink(db, user.admin_uid, 'reset', config.RESET_TTL_SECONDS);
      const text = messagesFor(userLocale);
      await mailer.send({
        to: user.user_email,
        subject: text.resetSubject,
        text: text.reset(link(userLocale, 'reset-password', secret)),
      });
      return { sent: true as const };
    },

    async resetPassword(secret: string, newPasswordDigest: string, origin: RequestOrigin) {
      const uid = await consumeLink(db, secret, 'reset');
      const passwordHash = await hashPassword(newPasswordDigest);
      const user = await userById(uid);
      await writeTransaction(
        db,
        { uid, laboratoryId: user.laboratory_id },
        // Following the link proves the user reads this mailbox.
        (tx) =>
          tx
            .update(users)
            .set({ password_hash: passwordHash, email_verified: true })
            .where(eq(users.admin_uid, uid)),
        { comment: 'password reset' },
      );
      await sessions.revokeAllSessions(uid, 'password reset');
      await recordSecurityEvent(db, log, {
        type: 'password_reset',
        origin,
        uid,
        laboratoryId: user.laboratory_id,
      });
    },

    async requestEmailVerification(caller: Authenticated, locale: Locale | undefined) {
      if (caller.user.email_verified) fail('alreadyVerified');
      const userLocale = locale ?? caller.user.preferences.locale ?? 'fr';
      const secret = await issueLink(
        db,
        caller.user.admin_uid,
        'verify_email',
        config.VERIFICATION_TTL_SECONDS,
      );
      const text = messagesFor(userLocale);
      await mailer.send({
        to: caller.user.user_email,
        subject: text.verifyEmailSubject,
        text: text.verifyEmail(link(userLocale, 'verify-email', secret)),
      });
    },

    async requestPhoneVerification(caller: Authenticated, locale: Locale | undefined) {
      if (!caller.user.user_phone_num) return fail('incorrectPhone');
      if (caller.user.phone_verified) fail('alreadyVerified');
      const userLocale = locale ?? caller.user.preferences.locale ?? 'fr';
      const secret = await issueLink(
        db,
        caller.user.admin_uid,
        'verify_phone',
        config.VERIFICATION_TTL_SECONDS,
      );
      await sms.send(
        caller.user.user_phone_num,
        messagesFor(userLocale).verifyPhone(link(userLocale, 'verify-phone-number', secret)),
      );
    },

    async verify(secret: string, what: 'email' | 'phone') {
      const uid = await consumeLink(db, secret, what === 'email' ? 'verify_email' : 'verify_phone');
      const user = await userById(uid);
      const column = what === 'email' ? 'email_verified' : 'phone_verified';
      if (user[column]) fail('alreadyVerified');
      await writeTransaction(db, { uid, laboratoryId: user.laboratory_id }, (tx) =>
        tx
          .update(users)
          .set({ [column]: true })
          .where(eq(users.admin_uid, uid)),
      );
    },

    async userData(caller: Authenticated): Promise<UserData> {
      const [lab] = await db
        .select({ name: laboratories.laboratory_name })
        .from(laboratories)
        .where(eq(laboratories.laboratory_id, caller.user.laboratory_id));
      if (!lab) return fail('laboratoryNotFound');
      return userDataOf(caller.user, lab.name);
    },

    async updatePreferences(caller: Authenticated, changes: Partial<Preferences>): Promise<Preferences> {
      const merged = { ...DEFAULT_PREFERENCES, ...caller.user.preferences, ...changes };
      await writeTransaction(db, actorOf(caller), (tx) =>
        tx.update(users).set({ preferences: merged }).where(eq(users.admin_uid, caller.user.admin_uid)),
      );
      return merged;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
