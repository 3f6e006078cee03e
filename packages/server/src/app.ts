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
import type { Config } from './config.js';
import type { Db } from './db/open.js';
import { registerReadYourWrites } from './db/read-replica.js';
import { answerClientError } from './lib/client-error.js';
import { registerErrorHandler } from './lib/error-handler.js';
import { registerIdempotentWrites } from './lib/idempotency.js';
import { refuseUnsafeInput } from './lib/input-guard.js';
import { loggerOptions } from './lib/logging.js';
import { describeApi } from './lib/openapi.js';
import { analyserRoutes } from './modules/analysers/index.js';
import { authRoutes } from './modules/auth/index.js';
import { backupRoutes } from './modules/backups/index.js';
// Billing (issue 16).
import { billingRoutes } from './modules/billing/index.js';
import { ciqRoutes } from './modules/ciq/index.js';
// Dashboard (issue 17).
import { dashboardRoutes } from './modules/dashboard/index.js';
import { type DeliveryJobs, deliveryRoutes, type Sending } from './modules/delivery/index.js';
import { dmpRoutes } from './modules/dmp/index.js';
import { exchangeRoutes } from './modules/exchange/index.js';
import { healthRoutes } from './modules/health/index.js';
import { laboratoryRoutes } from './modules/laboratory/index.js';
import { nabmImportRoutes } from './modules/nabms/index.js';
import { nonconformityRoutes } from './modules/nonconformities/index.js';
import { recordsRoutes } from './modules/records/index.js';
import { bindings, referenceTableRoutes } from './modules/reference/index.js';
import { reportRoutes } from './modules/reports/index.js';
import { resultsRoutes } from './modules/results/index.js';
import { uploadRoutes } from './modules/uploads/index.js';
import { usersRoutes } from './modules/users/index.js';
import { validationRoutes } from './modules/validation/index.js';
import { worklistRoutes } from './modules/worklists/index.js';
import { registerAuthorization } from './plugins/authorization.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { isApiPath, registerWebApp } from './plugins/web-app.js';
import { buildServices, type ServiceOverrides } from './services.js';

export interface AppDeps {
  config: Config;
  db: Db;
  /** `false` for silence; otherwise the server's own logger (lib/logging.ts), written to `logStream` if given. */
  logger?: false;
  logStream?: DestinationStream;
  /** Replace outside services (tests pass a mailer that talks to their own SMTP server, for instance). */
  overrides?: ServiceOverrides;
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
  registerReadYourWrites(app, db, config.DATABASE_READ_MAX_LAG_SECONDS);
  registerIdempotentWrites(app, db);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } });

  // 2. Application services, outermost adapters first, every module's built once (services.ts).
  const services = await buildServices(config, db, app.log, overrides);
  app.decorate('sending', services.sending);
  app.decorate('deliveryJobs', services.jobs);
  app.addHook('onReady', async () => services.jobs.start());
  app.addHook('onClose', async () => services.jobs.stop());
  app.addHook('onReady', async () => services.backups.schedule.start());
  app.addHook('onClose', async () => services.backups.schedule.stop());

  // 3. Authorization (must precede every route: it checks each route's rule as it is added), the API
  //    documentation (must precede the routes it describes), then the routes.
  registerAuthorization(app, db, services.sessions);
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
  authRoutes(app, services.sessions, services.accounts);
  usersRoutes(app, services.users);
  for (const binding of Object.values(bindings)) referenceTableRoutes(app, db, binding);
  nabmImportRoutes(app, db);
  recordsRoutes(app, services.records);
  resultsRoutes(app, db);
  analyserRoutes(app, db);
  validationRoutes(app, services.validation);
  nonconformityRoutes(app, db);
  ciqRoutes(app, services.ciq.db, services.ciq.qcService);
  worklistRoutes(app, db);
  uploadRoutes(app, services.uploads);
  backupRoutes(app, services.backups.backups);
  reportRoutes(app, services.uploads);
  deliveryRoutes(app, services.delivery.service, services.delivery.batches);
  exchangeRoutes(app, services.exchange);
  dmpRoutes(app, db);
  // Billing (issue 16): billing details, fee sheet, quote, billing list, B values.
  billingRoutes(app, db);
  laboratoryRoutes(app, db);
  // Dashboard (issue 17).
  dashboardRoutes(app, db);
  healthRoutes(app, db);

  // 4. The web application, with client-side routes falling back to index.html.
  await registerWebApp(app, config.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist'));

  return app;
}
