import { z } from 'zod';
import { email } from '../fields.js';
import type { RouteDef } from '../route-def.js';
import { stamp } from '../rows/stamps.js';

/**
 * Secure health messaging (MSSanté, issue 42): the SMTP relay of the laboratory's MSSanté operator,
 * through which each validated record's CR-BIO (IHE XDM package) goes to its prescriber's MSSanté
 * address, sent from the laboratory's own MSSanté address, apart from its ordinary e-mail sender.
 */

/** How the connection to the relay is protected: TLS from the start (465), STARTTLS (587), none. */
export const RELAY_SECURITY = ['tls', 'starttls', 'none'] as const;
export const relaySecurity = z.enum(RELAY_SECURITY);

/** A host name or an IP address, as typed: no scheme, port or path. */
const relayHost = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253)
  .regex(/^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)$/, 'host');
const relayPort = z.coerce.number().int().min(1).max(65_535);

/** The key of laboratory_settings that holds the relay. */
export const SECURE_MESSAGING_SETTING = 'secure_messaging';

/** The stored setting (laboratory_settings, key `secure_messaging`), read by the delivery jobs. */
export const SecureMessagingRelay = z.object({
  host: relayHost,
  port: relayPort,
  security: relaySecurity,
  user: z.string().max(254).optional(),
  /** Sealed by the server (AES-256-GCM): the settings row is traced and backed up whole. */
  password_sealed: z.string().max(2000).optional(),
  /** The laboratory's MSSanté address: the From of every message. */
  sender: email,
});
export type SecureMessagingRelay = z.output<typeof SecureMessagingRelay>;

/** The relay as the settings screen reads it: the password is never sent back, only whether one is kept. */
export const SecureMessagingSettings = z.object({
  secure_messaging_host: z.string().nullable(),
  secure_messaging_port: z.number().int().nullable(),
  secure_messaging_security: relaySecurity.nullable(),
  secure_messaging_user: z.string().nullable(),
  secure_messaging_has_password: z.boolean(),
  secure_messaging_sender: z.string().nullable(),
  laboratory_last_updated: stamp,
});
export type SecureMessagingSettings = z.output<typeof SecureMessagingSettings>;

const blankAsNull = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => null), schema]).nullable();

/**
 * The relay as the screen writes it. A null host turns secure messaging off; otherwise port,
 * security and sender are required. The password is kept when left out, removed when blank.
 */
export const SecureMessagingBody = z
  .object({
    secure_messaging_host: blankAsNull(relayHost),
    secure_messaging_port: relayPort.nullable(),
    secure_messaging_security: relaySecurity.nullable(),
    secure_messaging_user: blankAsNull(z.string().trim().max(254)),
    secure_messaging_password: z.string().max(500).optional(),
    secure_messaging_sender: blankAsNull(email),
    laboratory_last_updated: stamp,
  })
  .superRefine((body, context) => {
    if (body.secure_messaging_host === null) return;
    for (const field of [
      'secure_messaging_port',
      'secure_messaging_security',
      'secure_messaging_sender',
    ] as const)
      if (body[field] === null) context.addIssue({ code: 'custom', path: [field], message: 'required' });
  });

export const secureMessagingRoutes = {
  getSecureMessaging: {
    method: 'GET',
    path: '/api/get-secure-messaging',
    access: { kind: 'authenticated', userTypes: ['internal'] },
    summary: "The laboratory's secure health messaging (MSSanté) relay and sender address",
    response: SecureMessagingSettings,
    errors: ['laboratoryNotFound'],
  },
  updateSecureMessaging: {
    method: 'PUT',
    path: '/api/update-secure-messaging',
    access: { kind: 'special', right: 'admin_rights' },
    summary: "Change the laboratory's secure health messaging (MSSanté) relay and sender address",
    body: SecureMessagingBody,
    response: SecureMessagingSettings,
    errors: ['laboratoryNotFound', 'staleUpdate', 'destinationNotAllowed'],
  },
} as const satisfies Record<string, RouteDef>;
