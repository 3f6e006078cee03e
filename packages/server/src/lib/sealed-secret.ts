import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Passwords a laboratory keeps in its settings (its MSSanté relay's): the settings row is traced
 * whole by the audit trigger and copied into backups, so the password is stored sealed
 * (AES-256-GCM) under a key derived from the server's signing key, never in clear. Whoever reads the
 * audit trail or a settings export sees only the sealed text.
 */
export interface SettingSecrets {
  seal(plain: string): string;
  /** The plain text, or null when the sealed text was not made with this key (key changed). */
  open(sealed: string): string | null;
}

const VERSION = 'v1';

export function settingSecrets(signingKey: string): SettingSecrets {
  const key = Buffer.from(hkdfSync('sha256', signingKey, 'sil-settings', 'laboratory-setting-secret', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}
