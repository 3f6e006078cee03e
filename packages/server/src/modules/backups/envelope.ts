import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { fail } from '../../lib/errors.js';

/**
 * Backups encrypted at rest with a key the laboratory holds (docs/decisions/0008-backups.md).
 *
 * The administrator's passphrase derives (scrypt) an X25519 key pair; the server keeps only the
 * public half, the salt and the scrypt costs. Each backup is sealed to that public key: a key pair
 * of its own for the backup, their Diffie-Hellman secret through HKDF-SHA-256 gives the
 * AES-256-GCM key. So the server can make backups with nobody present (the daily ones) yet holds
 * nothing that opens them: a stolen backup, even with the server's disk, reveals nothing without
 * the passphrase. The header (format version, scrypt salt and costs, both public keys, nonce) is
 * authenticated with the content; a file altered anywhere fails the GCM tag.
 */
const MAGIC = Buffer.from('SIL-BACKUP-SEALED\n');
export const ENVELOPE_VERSION = 1;
const INFO = Buffer.from('sil-backup-aes-256-gcm');
/** scrypt costs: 32 MiB and about 0.1 s a derivation; kept per key so they can grow later. */
const COSTS = { N: 2 ** 15, r: 8, p: 1 } as const;
/** Costs a file may ask for: more would let a forged header tie up the server's memory. */
const MAX_N = 2 ** 20;

/** What the server keeps of the laboratory's backup key: nothing that decrypts. */
export interface BackupKey {
  version: typeof ENVELOPE_VERSION;
  kdf: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  /** The X25519 public key, raw, base64. */
  public_key: string;
  created_at: string;
}

interface Header {
  version: number;
  kdf: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  recipient: string;
  ephemeral: string;
  nonce: string;
}

const PKCS8_X25519 = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI_X25519 = Buffer.from('302a300506032b656e032100', 'hex');
const publicKeyOf = (raw: Buffer) =>
  createPublicKey({ key: Buffer.concat([SPKI_X25519, raw]), format: 'der', type: 'spki' });
const rawOf = (key: KeyObject) => Buffer.from(String(key.export({ format: 'jwk' }).x), 'base64url');

function derive(passphrase: string, salt: Buffer, costs: { N: number; r: number; p: number }) {
  return new Promise<{ privateKey: KeyObject; publicRaw: Buffer }>((resolve, reject) =>
    scrypt(
      passphrase.normalize('NFC'),
      salt,
      32,
      { ...costs, maxmem: 256 * costs.N * costs.r },
      (error, seed) => {
        if (error) return reject(error);
        const privateKey = createPrivateKey({
          key: Buffer.concat([PKCS8_X25519, seed]),
          format: 'der',
          type: 'pkcs8',
        });
        resolve({ privateKey, publicRaw: rawOf(createPublicKey(privateKey)) });
      },
    ),
  );
}

/** The laboratory's backup key from the administrator's passphrase: only its public half is kept. */
export async function backupKeyFrom(passphrase: string): Promise<BackupKey> {
  const salt = randomBytes(16);
  const { publicRaw } = await derive(passphrase, salt, COSTS);
  return {
    version: ENVELOPE_VERSION,
    kdf: 'scrypt',
    ...COSTS,
    salt: salt.toString('base64'),
    public_key: publicRaw.toString('base64'),
    created_at: new Date().toISOString(),
  };
}

const aesKey = (secret: Buffer, ephemeral: Buffer, recipient: Buffer) =>
  Buffer.from(hkdfSync('sha256', secret, Buffer.concat([ephemeral, recipient]), INFO, 32));

/**
 * Seals a backup to the laboratory's key: magic, header length, header, ciphertext, GCM tag. The
 * content key is answered too, for the one reader that may use it: the check that reads the
 * written file back, before the key is forgotten.
 */
export function seal(plain: Buffer, key: BackupKey): { bytes: Buffer; contentKey: Buffer } {
  const recipient = Buffer.from(key.public_key, 'base64');
  const own = generateKeyPairSync('x25519');
  const ephemeral = rawOf(own.publicKey);
  const secret = diffieHellman({ privateKey: own.privateKey, publicKey: publicKeyOf(recipient) });
  const nonce = randomBytes(12);
  const header: Header = {
    version: ENVELOPE_VERSION,
    kdf: 'scrypt',
    N: key.N,
    r: key.r,
    p: key.p,
    salt: key.salt,
    recipient: key.public_key,
    ephemeral: ephemeral.toString('base64'),
    nonce: nonce.toString('base64'),
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headerBytes.length);
  const authenticated = Buffer.concat([MAGIC, length, headerBytes]);
  const contentKey = aesKey(secret, ephemeral, recipient);
  const cipher = createCipheriv('aes-256-gcm', contentKey, nonce);
  cipher.setAAD(authenticated);
  return {
    bytes: Buffer.concat([authenticated, cipher.update(plain), cipher.final(), cipher.getAuthTag()]),
    contentKey,
  };
}

export const isSealed = (bytes: Buffer) => bytes.subarray(0, MAGIC.length).equals(MAGIC);

function readHeader(bytes: Buffer): { header: Header; authenticated: Buffer } {
  if (!isSealed(bytes)) return fail('invalidImportFile', { reason: 'notEncrypted' });
  const length = bytes.length >= MAGIC.length + 4 ? bytes.readUInt32BE(MAGIC.length) : -1;
  const end = MAGIC.length + 4 + length;
  if (length < 0 || end + 16 > bytes.length) return fail('backupDamaged', { reason: 'truncated' });
  let header: Header;
  try {
    header = JSON.parse(bytes.subarray(MAGIC.length + 4, end).toString('utf8'));
  } catch {
    return fail('backupDamaged', { reason: 'header' });
  }
  // A version of another number is a file of another release; a header altered into nonsense is damage.
  if (typeof header.version === 'number' && header.version !== ENVELOPE_VERSION)
    fail('invalidImportFile', { reason: 'envelopeVersion', expected_version: ENVELOPE_VERSION });
  const sane =
    header.version === ENVELOPE_VERSION &&
    header.kdf === 'scrypt' &&
    Number.isInteger(header.N) &&
    header.N > 1 &&
    header.N <= MAX_N &&
    Number.isInteger(header.r) &&
    header.r >= 1 &&
    header.r <= 32 &&
    Number.isInteger(header.p) &&
    header.p >= 1 &&
    header.p <= 16 &&
    [header.salt, header.recipient, header.ephemeral, header.nonce].every((v) => typeof v === 'string');
  if (!sane) fail('backupDamaged', { reason: 'header' });
  return { header, authenticated: bytes.subarray(0, end) };
}

/**
 * Opens a sealed backup with the passphrase. A passphrase that does not derive the key the backup
 * was sealed to is `backupKeyIncorrect` (told apart before decrypting anything); a file altered
 * anywhere, header included, fails the tag and is `backupDamaged`.
 */
export async function openSealed(bytes: Buffer, passphrase: string): Promise<Buffer> {
  const { header, authenticated } = readHeader(bytes);
  const recipient = Buffer.from(header.recipient, 'base64');
  const { privateKey, publicRaw } = await derive(passphrase, Buffer.from(header.salt, 'base64'), header);
  if (publicRaw.length !== recipient.length || !timingSafeEqual(publicRaw, recipient))
    fail('backupKeyIncorrect');
  const ephemeral = Buffer.from(header.ephemeral, 'base64');
  let secret: Buffer;
  try {
    secret = diffieHellman({ privateKey, publicKey: publicKeyOf(ephemeral) });
  } catch {
    return fail('backupDamaged', { reason: 'header' });
  }
  return decrypt(bytes, authenticated, header, aesKey(secret, ephemeral, recipient));
}

/** Opens a backup just sealed with the content key `seal` answered (the check after writing). */
export function openWithContentKey(bytes: Buffer, contentKey: Buffer): Buffer {
  const { header, authenticated } = readHeader(bytes);
  return decrypt(bytes, authenticated, header, contentKey);
}

function decrypt(bytes: Buffer, authenticated: Buffer, header: Header, key: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.nonce, 'base64'));
  decipher.setAAD(authenticated);
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  try {
    return Buffer.concat([
      decipher.update(bytes.subarray(authenticated.length, bytes.length - 16)),
      decipher.final(),
    ]);
  } catch {
    return fail('backupDamaged', { reason: 'authentication' });
  }
}
