import path from 'node:path';
import { z } from 'zod';
import { type AddressRange, parseAddressRange } from './lib/outbound-address.js';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const seconds = z.coerce.number().int().positive();

/** Environment, validated once at start; every setting is documented in the README. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /**
   * A streaming replica of DATABASE_URL: lists, exports and the dashboard read there, each user
   * still reading their own writes (docs/decisions/0032-read-replica.md). PostgreSQL only.
   */
  DATABASE_READ_URL: z.string().optional(),
  /** The replica serves no read while it lags more than this many seconds. */
  DATABASE_READ_MAX_LAG_SECONDS: seconds.default(30),
  PUBLIC_URL: z.string().url().optional(),
  SEED_DEMO: flag.default(true),
  /** With SEED_DEMO: also the demo catalogue and a few records (false: users only, empty tables). */
  SEED_DEMO_CATALOGUE: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret that signs access tokens; generated and kept in DATA_DIR when not given. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: seconds.default(15 * 60),
  SESSION_IDLE_SECONDS: seconds.default(60 * 60),
  SESSION_ABSOLUTE_SECONDS: seconds.default(12 * 60 * 60),
  OTP_TTL_SECONDS: seconds.default(5 * 60),
  OTP_MAX_ATTEMPTS: seconds.default(5),
  RESET_TTL_SECONDS: seconds.default(60 * 60),
  INVITATION_TTL_SECONDS: seconds.default(7 * 24 * 60 * 60),
  VERIFICATION_TTL_SECONDS: seconds.default(24 * 60 * 60),
  /** Login throttling (modules/auth/throttle.ts): growing delays per account and address, hourly ceilings. */
  THROTTLE_WINDOW_SECONDS: seconds.default(15 * 60),
  THROTTLE_FREE_FAILURES: seconds.default(5),
  THROTTLE_BASE_DELAY_SECONDS: seconds.default(1),
  THROTTLE_MAX_DELAY_SECONDS: seconds.default(15 * 60),
  THROTTLE_MAX_PER_ACCOUNT: seconds.default(100),
  THROTTLE_MAX_PER_ADDRESS: seconds.default(1000),
  /** smtp://user:pass@host:port; without it e-mails go to the local outbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('SIL <no-reply@localhost>'),
  /** HTTP SMS gateway (POST JSON {to, text} with a bearer token); without it SMS go to the local outbox. */
  SMS_GATEWAY_URL: z.string().url().optional(),
  /** The external quality-control service; without it, runs go to the local simulator. */
  QC_SERVICE_URL: z.string().url().optional(),
  /**
   * The DMP's document submission service (IHE ITI-41, docs/dmp.md); without it the simulator's
   * rules answer in process. Tests and development point it at the local simulator.
   */
  DMP_URL: z.string().url().optional(),
  DMP_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /** HTTP fax gateway (POST JSON {to, filename, pdf_base64}); without it faxes go to the local outbox. */
  FAX_GATEWAY_URL: z.string().url().optional(),
  FAX_GATEWAY_TOKEN: z.string().optional(),
  /** Seconds between two looks of the delivery runner at the sends due (0: the runner does not poll). */
  DELIVERY_POLL_SECONDS: z.coerce.number().int().min(0).default(15),
  /** How often each server copy looks for a scheduled backup due (decision 0008); 0: never. */
  BACKUP_SCHEDULE_POLL_SECONDS: z.coerce.number().int().min(0).default(300),
  /** Folder where the 'exchange' sends without a URL drop their files (per laboratory); defaults to DATA_DIR/exchange. */
  EXCHANGE_DROP_DIR: z.string().optional(),
  /**
   * Who runs the report sends: 'auto' is pg-boss on PostgreSQL and the row runner on the embedded
   * database (decision 0016); 'rows' forces the row runner (tests that drive the clock by hand).
   */
  DELIVERY_JOBS: z.enum(['auto', 'rows']).default('auto'),
  /** The schema pg-boss keeps its jobs in (PostgreSQL only); every server copy of a laboratory shares it. */
  PGBOSS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .default('pgboss'),
  /** The first wait before a failed send is tried again, doubling after each try. */
  DELIVERY_RETRY_SECONDS: z.coerce.number().positive().default(30),
  SMS_SENDER: z.string().default('SIL'),
  /** INSi look-ups: the local simulator (default) or the national teleservice (docs/insi.md). */
  INSI_MODE: z.enum(['simulator', 'teleservice']).default('simulator'),
  INSI_URL: z.string().url().optional(),
  INSI_CERT_PEM_PATH: z.string().optional(),
  INSI_KEY_PEM_PATH: z.string().optional(),
  INSI_KEY_PASSPHRASE: z.string().optional(),
  INSI_PFX_PATH: z.string().optional(),
  INSI_PFX_PASSPHRASE: z.string().optional(),
  INSI_ASSERTION: flag.default(true),
  INSI_CA_PATH: z.string().optional(),
  INSI_SOFTWARE_AUTHORISATION: z.string().optional(),
  INSI_SOFTWARE_NAME: z.string().default('SIL'),
  INSI_SOFTWARE_VERSION: z.string().default('1.0.0'),
  INSI_SOFTWARE_INSTANCE: z.string().optional(),
  INSI_FINESS: z
    .string()
    .regex(/^\d{9}$/, 'FINESS: 9 digits')
    .optional(),
  INSI_ACTIVITY_SECTOR: z.string().optional(),
  INSI_TIMEOUT_MS: seconds.default(10_000),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * Folder of the laboratories' backups; by default the bucket's `backups/` when there is one
   * (S3_BACKUP_BUCKET, else S3_BUCKET), DATA_DIR/backups otherwise.
   */
  BACKUP_DIR: z.string().optional(),
  /** Folder of uploaded files; defaults to DATA_DIR/files. */
  STORAGE_DIR: z.string().optional(),
  /**
   * An S3-compatible bucket for the files instead of the folder, shared by every server copy
   * (adapters/storage-config.ts): the bucket, its region and credentials, and the store's endpoint
   * unless it is AWS itself.
   */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** A bucket of its own for the backups, on the same store with the same credentials. */
  S3_BACKUP_BUCKET: z.string().optional(),
  TRUST_PROXY: flag.default(false),
  /** The workstation agent the web app calls from the browser (labels, scans); allowed by the CSP. */
  AGENT_ORIGIN: z.string().url().default('http://127.0.0.1:5175'),
  /**
   * Pro Santé Connect (OpenID Connect, docs/decisions/0021-pro-sante-connect.md): the discovery
   * document, the client registered for this installation and the accepted eIDAS levels (acr).
   * Without PSC_DISCOVERY_URL and PSC_CLIENT_ID the single sign-on answers ssoNotConfigured.
   */
  PSC_DISCOVERY_URL: z.string().url().optional(),
  PSC_CLIENT_ID: z.string().optional(),
  PSC_CLIENT_SECRET: z.string().optional(),
  PSC_SCOPE: z.string().default('openid scope_all'),
  PSC_ACR_VALUES: z.string().default('eidas1'),
  /** Only for a provider on this machine (tests): allow http:// to the provider. */
  PSC_ALLOW_HTTP: flag.default(false),
  /**
   * Ranges that addresses users set (exchange destinations, push endpoints) may reach although not
   * public (lib/outbound-address.ts): CIDRs or addresses separated by commas, e.g. a results
   * receiver on the laboratory's own network. Empty: only public addresses.
   */
  OUTBOUND_ALLOWED_RANGES: z
    .string()
    .default('')
    .transform((text, context) => {
      const ranges: AddressRange[] = [];
      for (const item of text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const parsed = parseAddressRange(item);
        if (parsed) ranges.push(parsed);
        else context.addIssue({ code: 'custom', message: `not an address or CIDR range: ${item}` });
      }
      return ranges;
    }),
  /** Web Push (VAPID): the key pair (web-push generate-vapid-keys) and a contact (mailto: or https:). */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:no-reply@localhost'),
});

export type Config = z.infer<typeof EnvSchema> & { dataDir: string; publicUrl: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const config = parsed.data;
  return {
    ...config,
    // npm runs workspace scripts from the workspace folder; INIT_CWD is where the user typed `npm start`.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), config.DATA_DIR),
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
  };
}
