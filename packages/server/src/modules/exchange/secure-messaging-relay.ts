import {
  SECURE_MESSAGING_SETTING,
  type SecureMessagingBody,
  SecureMessagingRelay,
  type SecureMessagingSettings,
} from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/open.js';
import { laboratories } from '../../db/schema/laboratories.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import type { OutboundAddresses } from '../../lib/outbound-address.js';
import type { SettingSecrets } from '../../lib/sealed-secret.js';
import { toIso } from '../../lib/time.js';
import { writeTransaction } from '../../lib/transaction.js';
import { changeLaboratorySettings } from '../laboratory/index.js';

type Laboratory = typeof laboratories.$inferSelect;
type Body = z.output<typeof SecureMessagingBody>;

export interface SecureMessagingDeps {
  db: Db;
  outbound: OutboundAddresses;
  secrets: SettingSecrets;
}

/** The laboratory's relay as stored; undefined when none is set (or the setting is invalid). */
export function storedRelay(settings: Record<string, unknown>): SecureMessagingRelay | undefined {
  const parsed = SecureMessagingRelay.safeParse(settings[SECURE_MESSAGING_SETTING]);
  return parsed.success ? parsed.data : undefined;
}

async function laboratoryOf(q: Queryable, laboratoryId: string) {
  const [laboratory] = await q
    .select()
    .from(laboratories)
    .where(eq(laboratories.laboratory_id, laboratoryId));
  return laboratory ?? fail('laboratoryNotFound');
}

function present(laboratory: Laboratory): SecureMessagingSettings {
  const relay = storedRelay(laboratory.laboratory_settings);
  return {
    secure_messaging_host: relay?.host ?? null,
    secure_messaging_port: relay?.port ?? null,
    secure_messaging_security: relay?.security ?? null,
    secure_messaging_user: relay?.user ?? null,
    secure_messaging_has_password: relay?.password_sealed !== undefined,
    secure_messaging_sender: relay?.sender ?? null,
    laboratory_last_updated: toIso(laboratory.laboratory_last_updated),
  };
}

/** What is stored: the password sealed, kept as it was when the body leaves it out. */
function relayOf(input: Body, before: SecureMessagingRelay | undefined, secrets: SettingSecrets) {
  const { secure_messaging_host: host, secure_messaging_port: port } = input;
  const { secure_messaging_security: security, secure_messaging_sender: sender } = input;
  if (host === null || port === null || security === null || sender === null) return undefined;
  const typed = input.secure_messaging_password;
  const password_sealed =
    typed === undefined ? before?.password_sealed : typed === '' ? undefined : secrets.seal(typed);
  const relay: SecureMessagingRelay = { host, port, security, sender };
  if (input.secure_messaging_user) relay.user = input.secure_messaging_user;
  if (password_sealed !== undefined) relay.password_sealed = password_sealed;
  return relay;
}

export const secureMessagingSettings = async (db: Db, auth: Authenticated) =>
  present(await laboratoryOf(db, auth.user.laboratory_id));

/**
 * The laboratory's MSSanté relay (issue 42), in its settings under its stamp, traced. The host is
 * refused (destinationNotAllowed) when it leads to a non-public network, before the transaction
 * opens; a null host removes the setting, and validated records then get no secure-messaging send.
 */
export async function updateSecureMessaging(
  { db, outbound, secrets }: SecureMessagingDeps,
  auth: Authenticated,
  input: Body,
): Promise<SecureMessagingSettings> {
  if (input.secure_messaging_host !== null)
    await outbound.refuseInternalHost(input.secure_messaging_host, 'secure_messaging_host');
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const laboratoryId = auth.user.laboratory_id;
    const before = storedRelay((await laboratoryOf(tx, laboratoryId)).laboratory_settings);
    const updated = await changeLaboratorySettings(tx, laboratoryId, input.laboratory_last_updated, {
      [SECURE_MESSAGING_SETTING]: relayOf(input, before, secrets),
    });
    return present(updated);
  });
}
