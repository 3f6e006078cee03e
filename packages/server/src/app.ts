import { randomUUID } from 'node:crypto';
// Parameter formulas are checked on every write of the catalogue: the server always has the parser.
import '@sil/contract/formula-engine';
import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { type FaxSender, httpFaxSender, outboxFaxSender } from './adapters/fax.js';
import type { InsiClient } from './adapters/insi.js';
import { insiFromConfig } from './adapters/insi-config.js';
import { outboxMailer, smtpMailer } from './adapters/mail.js';
import { httpQcService, type QcService, simulatedQcService } from './adapters/qc-service.js';
import { httpSmsSender, outboxSmsSender } from './adapters/sms.js';
import { localFileStorage } from './adapters/storage.js';
import type { Config } from './config.js';
import type { Db } from './db/open.js';
import { answerClientError } from './lib/client-error.js';
import { registerErrorHandler } from './lib/error-handler.js';
import { refuseUnsafeInput } from './lib/input-guard.js';
import { loggerOptions } from './lib/logging.js';
import { describeApi } from './lib/openapi.js';
import { AllowedRanges, type HostResolver, outboundAddresses } from './lib/outbound-address.js';
import { signingKey } from './lib/signing-key.js';
import {
  AccessTokens,
  type AuthDeps,
  authRoutes,
  createAccountService,
  createSessionService,
  SessionCache,
  Throttle,
  throttleLimits,
} from './modules/auth/index.js';
import { backupRoutes, createBackupScheduler, createBackupService } from './modules/backups/index.js';
// Billing (issue 16).
import { billingRoutes } from './modules/billing/index.js';
import { ciqRoutes } from './modules/ciq/index.js';
// Dashboard (issue 17).
import { dashboardRoutes } from './modules/dashboard/index.js';
import {
  createDeliveryService,
  createPrintBatches,
  createSending,
  type DeliveryJobs,
  deliveryJobsFor,
  deliveryRoutes,
  type ReportProvider,
  type Sending,
  storedReport,
} from './modules/delivery/index.js';
import { exchangeRoutes, exchangeSender } from './modules/exchange/index.js';
import { laboratoryRoutes } from './modules/laboratory/index.js';
import { nabmImportRoutes } from './modules/nabms/index.js';
import { nonconformityRoutes } from './modules/nonconformities/index.js';
import { recordsRoutes } from './modules/records/index.js';
import { bindings, referenceTableRoutes } from './modules/reference/index.js';
import { reportRoutes } from './modules/reports/index.js';
import { resultsRoutes } from './modules/results/index.js';
import { createUploadService, uploadRoutes } from './modules/uploads/index.js';
import { createUsersService, usersRoutes } from './modules/users/index.js';
import { validationRoutes } from './modules/validation/index.js';
import { worklistRoutes } from './modules/worklists/index.js';
import { registerAuthorization } from './plugins/authorization.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { isApiPath, registerWebApp } from './plugins/web-app.js';

export interface AppDeps {
  config: Config;
  db: Db;
  /** `false` for silence; otherwise the server's own logger (lib/logging.ts), written to `logStream` if given. */
  logger?: false;
  logStream?: DestinationStream;
  /** Replace outside services (tests pass a mailer that talks to their own SMTP server, for instance). */
  overrides?: Partial<Pick<AuthDeps, 'mailer' | 'sms'>> & {
    insi?: InsiClient;
    fax?: FaxSender;
    report?: ReportProvider;
    qcService?: QcService;
    /** How host names of user-set addresses resolve (tests: names of their own, no DNS query). */
    resolveHost?: HostResolver;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The report sends (e-mail, fax): the runner polls them; tests run them by hand. */
    sending: Sending;
    /** Who runs them: pg-boss on PostgreSQL, the row runner on the embedded database. */
    deliveryJobs: DeliveryJobs;
  }
}

export async function buildApp({
  config,
  db,
  logger,
  logStream,
  overrides,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.LOG_LEVEL, logStream),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    clientErrorHandler: answerClientError,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers carry patient data: no browser or proxy cache may keep them.
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });

  // 1. Infrastructure: validation, errors, security headers, body parsers.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  refuseUnsafeInput(app);
  registerSecurityHeaders(app, config.AGENT_ORIGIN);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } });

  // 2. Application services, outermost adapters first.
  const mailer =
    overrides?.mailer ??
    (config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(db, app.log));
  const sms =
    overrides?.sms ??
    (config.SMS_GATEWAY_URL
      ? httpSmsSender(config.SMS_GATEWAY_URL, config.SMS_GATEWAY_TOKEN, config.SMS_SENDER)
      : outboxSmsSender(db, app.log));
  // Every address a user sets goes through this check (issue 38); the operator's own are trusted.
  const outbound = outboundAddresses(
    new AllowedRanges(config.OUTBOUND_ALLOWED_RANGES),
    overrides?.resolveHost,
  );
  const tokens = new AccessTokens(await signingKey(db, config.JWT_SECRET), config.ACCESS_TOKEN_TTL_SECONDS);
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
    log: app.log,
  };
  const sessions = createSessionService(authDeps);
  const accounts = createAccountService(authDeps);
  const users = createUsersService(db, sessions);

  // 3. Authorization (must precede every route: it checks each route's rule as it is added), the API
  //    documentation (must precede the routes it describes), then the routes.
  registerAuthorization(app, db, sessions);
  await app.register(swagger, {
    // OpenAPI 3.1 speaks JSON Schema, so nullable unions (the prescriber's specialty) are valid.
    openapi: {
      openapi: '3.1.0',
      info: { title: 'SIL API', version: '1.0.0' },
      servers: [{ url: '/', description: 'This server' }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => describeApi('openapiObject' in document ? document.openapiObject : {}),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  authRoutes(app, sessions, accounts);
  usersRoutes(app, users);
  for (const binding of Object.values(bindings)) referenceTableRoutes(app, db, binding);
  nabmImportRoutes(app, db);
  recordsRoutes(app, db, overrides?.insi ?? insiFromConfig(config));
  resultsRoutes(app, db);
  const storage = localFileStorage(config.STORAGE_DIR ?? path.join(config.dataDir, 'files'));
  const uploads = createUploadService(db, storage);
  // The report delivery sends (the newest version stored at validation), run by the job queue:
  // validation enqueues them in its own transaction.
  const report = overrides?.report ?? storedReport;
  const fax =
    overrides?.fax ??
    (config.FAX_GATEWAY_URL
      ? httpFaxSender(config.FAX_GATEWAY_URL, config.FAX_GATEWAY_TOKEN)
      : outboxFaxSender(db, app.log));
  const exchange = exchangeSender(
    config.EXCHANGE_DROP_DIR ?? path.join(config.dataDir, 'exchange'),
    outbound,
  );
  const sending = createSending({
    db,
    mailer,
    fax,
    report,
    exchange,
    publicUrl: config.publicUrl,
    log: app.log,
    retrySeconds: config.DELIVERY_RETRY_SECONDS,
  });
  app.decorate('sending', sending);
  const jobs = deliveryJobsFor(db, sending, config, app.log);
  app.decorate('deliveryJobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  validationRoutes(app, db, uploads, jobs);
  nonconformityRoutes(app, db);
  ciqRoutes(
    app,
    db,
    overrides?.qcService ??
      (config.QC_SERVICE_URL ? httpQcService(config.QC_SERVICE_URL) : simulatedQcService(app.log)),
  );
  worklistRoutes(app, db);
  uploadRoutes(app, uploads);
  const backups = createBackupService(db, config.BACKUP_DIR ?? path.join(config.dataDir, 'backups'), storage);
  // Daily backups, polled by every copy on either database; one claims each day's run.
  const backupSchedule = createBackupScheduler(db, backups, config.BACKUP_SCHEDULE_POLL_SECONDS, app.log);
  app.addHook('onReady', async () => backupSchedule.start());
  app.addHook('onClose', async () => backupSchedule.stop());
  backupRoutes(app, backups, backupSchedule);
  reportRoutes(app, db, uploads);
  deliveryRoutes(app, createDeliveryService(db, throttle, report, jobs), createPrintBatches(db, report));
  exchangeRoutes(app, db, outbound);
  // Billing (issue 16): billing details, fee sheet, quote, billing list, B values.
  billingRoutes(app, db);
  laboratoryRoutes(app, db);
  // Dashboard (issue 17).
  dashboardRoutes(app, db);

  // 4. The web application, with client-side routes falling back to index.html.
  await registerWebApp(app, config.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist'));

  return app;
}
