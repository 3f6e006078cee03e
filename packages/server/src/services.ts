import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type DmpGateway, httpDmpGateway } from './adapters/dmp.js';
import { simulatedDmp } from './adapters/dmp-simulator.js';
import { type FaxSender, httpFaxSender, outboxFaxSender } from './adapters/fax.js';
import type { InsiClient } from './adapters/insi.js';
import { insiFromConfig } from './adapters/insi-config.js';
import { outboxMailer, smtpMailer } from './adapters/mail.js';
import { httpQcService, type QcService, simulatedQcService } from './adapters/qc-service.js';
import { httpSmsSender, outboxSmsSender } from './adapters/sms.js';
import { backupObjectsFromConfig, fileStorageFromConfig } from './adapters/storage-config.js';
import type { Config } from './config.js';
import type { Db } from './db/open.js';
import { AllowedRanges, type HostResolver, outboundAddresses } from './lib/outbound-address.js';
import { settingSecrets } from './lib/sealed-secret.js';
import { signingKey } from './lib/signing-key.js';
import {
  AccessTokens,
  type AuthDeps,
  createAccountService,
  createSessionService,
  SessionCache,
  Throttle,
  throttleLimits,
} from './modules/auth/index.js';
import { createBackupScheduler, createBackupService } from './modules/backups/index.js';
import {
  createDeliveryService,
  createPrintBatches,
  createSending,
  deliveryJobsFor,
  type ReportProvider,
  storedReport,
} from './modules/delivery/index.js';
import { dmpSender } from './modules/dmp/index.js';
import { exchangeSender, secureMessagingSender } from './modules/exchange/index.js';

/** Outside services the tests replace (a mailer that talks to their own SMTP server, for instance). */
export type ServiceOverrides = Partial<Pick<AuthDeps, 'mailer' | 'sms'>> & {
  insi?: InsiClient;
  fax?: FaxSender;
  report?: ReportProvider;
  qcService?: QcService;
  /** The DMP (tests: the simulator over HTTP, or its rules in process). */
  dmp?: DmpGateway;
  /** How host names of user-set addresses resolve (tests: names of their own, no DNS query). */
  resolveHost?: HostResolver;
};

/**
 * Every module's dependencies, built once, outermost adapters first: app.ts hands each module's
 * routes what is theirs. Modules build nothing themselves; their commands take what they need.
 */
export async function buildServices(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  overrides: ServiceOverrides = {},
) {
  const mailer =
    overrides.mailer ??
    (config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(db, log));
  const sms =
    overrides.sms ??
    (config.SMS_GATEWAY_URL
      ? httpSmsSender(config.SMS_GATEWAY_URL, config.SMS_GATEWAY_TOKEN, config.SMS_SENDER)
      : outboxSmsSender(db, log));
  const fax =
    overrides.fax ??
    (config.FAX_GATEWAY_URL
      ? httpFaxSender(config.FAX_GATEWAY_URL, config.FAX_GATEWAY_TOKEN)
      : outboxFaxSender(db, log));
  const insi = overrides.insi ?? insiFromConfig(config);
  const qcService =
    overrides.qcService ??
    (config.QC_SERVICE_URL ? httpQcService(config.QC_SERVICE_URL) : simulatedQcService(log));
  // The DMP web service when configured; otherwise the simulator's rules in process (docs/dmp.md).
  const dmpGateway =
    overrides.dmp ??
    (config.DMP_URL ? httpDmpGateway(config.DMP_URL, config.DMP_TIMEOUT_MS) : simulatedDmp());
  const storage = await fileStorageFromConfig(config);
  // Every address a user sets goes through this check (issue 38); the operator's own are trusted.
  const outbound = outboundAddresses(
    new AllowedRanges(config.OUTBOUND_ALLOWED_RANGES),
    overrides.resolveHost,
  );

  const key = await signingKey(db, config.JWT_SECRET);
  const tokens = new AccessTokens(key, config.ACCESS_TOKEN_TTL_SECONDS);
  // Passwords kept in a laboratory's settings (its MSSanté relay's) are sealed under this key.
  const secrets = settingSecrets(key);
  const throttle = new Throttle(db, throttleLimits(config));
  const authDeps: AuthDeps = {
    db,
    config,
    tokens,
    throttle,
    sessionCache: new SessionCache(db),
    mailer,
    sms,
    outbound,
    log,
  };
  const sessions = createSessionService(authDeps);
  const accounts = createAccountService(authDeps);

  // The report delivery sends (the newest version stored at validation), run by the job queue:
  // validation enqueues them in its own transaction.
  const report = overrides.report ?? storedReport;
  const exchange = exchangeSender(
    config.EXCHANGE_DROP_DIR ?? path.join(config.dataDir, 'exchange'),
    outbound,
  );
  const secureMessaging = secureMessagingSender({ outbound, secrets, report });
  const sending = createSending({
    db,
    mailer,
    fax,
    report,
    exchange,
    dmp: dmpSender(dmpGateway),
    secureMessaging,
    publicUrl: config.publicUrl,
    log,
    retrySeconds: config.DELIVERY_RETRY_SECONDS,
  });
  const jobs = deliveryJobsFor(db, sending, config, log);

  const backupObjects = await backupObjectsFromConfig(config, (message) => log.warn(message));
  const backups = createBackupService(db, backupObjects, storage);
  // Daily backups, polled by every copy on either database; one claims each day's run.
  const backupSchedule = createBackupScheduler(db, backups, config.BACKUP_SCHEDULE_POLL_SECONDS, log);

  return {
    /** Checked on every call by the authorization plugin, and by the auth routes. */
    sessions,
    accounts,
    users: { db, sessions },
    records: { db, insi },
    uploads: { db, storage },
    validation: { db, storage, jobs },
    exchange: { db, outbound, secrets },
    ciq: { db, qcService },
    delivery: {
      service: createDeliveryService(db, throttle, report, jobs),
      batches: createPrintBatches(db, report),
    },
    backups: { backups, schedule: backupSchedule },
    /** The report sends and who runs them: started and stopped with the server (app.ts). */
    sending,
    jobs,
  };
}

export type Services = Awaited<ReturnType<typeof buildServices>>;
