import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { InsiClient } from './adapters/insi.js';
import { insiFromConfig } from './adapters/insi-config.js';
import { outboxMailer, smtpMailer } from './adapters/mail.js';
import { httpSmsSender, outboxSmsSender } from './adapters/sms.js';
import { localFileStorage } from './adapters/storage.js';
import type { Config } from './config.js';
import type { Db } from './db/open.js';
import { registerErrorHandler } from './lib/error-handler.js';
import { signingKey } from './lib/signing-key.js';
import { AccessTokens } from './modules/auth/access-token.js';
import { createAccountService } from './modules/auth/account-service.js';
import type { AuthDeps } from './modules/auth/deps.js';
import { authRoutes } from './modules/auth/routes.js';
import { createSessionService } from './modules/auth/session-service.js';
import { Throttle } from './modules/auth/throttle.js';
import { nabmImportRoutes } from './modules/nabms/routes.js';
import { recordsRoutes } from './modules/records/routes.js';
import { bindings } from './modules/reference/bindings.js';
import { referenceTableRoutes } from './modules/reference/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { createUploadService } from './modules/uploads/service.js';
import { usersRoutes } from './modules/users/routes.js';
import { createUsersService } from './modules/users/service.js';
import { registerAuthorization } from './plugins/authorization.js';

export interface AppDeps {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Replace outside services (tests pass a mailer that talks to their own SMTP server, for instance). */
  overrides?: Partial<Pick<AuthDeps, 'mailer' | 'sms'>> & { insi?: InsiClient };
}

const API_PREFIXES = ['/api/', '/auth/', '/reports/'];

export async function buildApp({ config, db, logger, overrides }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // 1. Infrastructure: validation, errors, security headers, body parsers.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(helmet, {
    // The web app has no inline script; Mantine sets inline styles. Served over plain HTTP locally,
    // so requests are not upgraded (production terminates TLS in front and sends HSTS).
    contentSecurityPolicy: {
      // The page also calls the workstation agent on the loopback address (labels, scans).
      directives: {
        'style-src': ["'self'", "'unsafe-inline'"],
        'connect-src': ["'self'", new URL(config.AGENT_ORIGIN).origin],
        'upgrade-insecure-requests': null,
      },
    },
  });
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
  const tokens = new AccessTokens(await signingKey(db, config.JWT_SECRET), config.ACCESS_TOKEN_TTL_SECONDS);
  const throttle = new Throttle(db, {
    windowSeconds: config.THROTTLE_WINDOW_SECONDS,
    maxPerAccount: config.THROTTLE_MAX_PER_ACCOUNT,
    maxPerAddress: config.THROTTLE_MAX_PER_ADDRESS,
  });
  const authDeps: AuthDeps = { db, config, tokens, throttle, mailer, sms, log: app.log };
  const sessions = createSessionService(authDeps);
  const accounts = createAccountService(authDeps, sessions);
  const users = createUsersService(db, sessions);

  // 3. Authorization (must precede every route: it checks each route's rule as it is added), the API
  //    documentation (must precede the routes it describes), then the routes.
  registerAuthorization(app, db, sessions);
  await app.register(swagger, {
    openapi: { info: { title: 'SIL API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  authRoutes(app, sessions, accounts);
  usersRoutes(app, users);
  for (const binding of Object.values(bindings)) referenceTableRoutes(app, db, binding);
  nabmImportRoutes(app, db);
  recordsRoutes(app, db, overrides?.insi ?? insiFromConfig(config));
  const uploads = createUploadService(
    db,
    localFileStorage(config.STORAGE_DIR ?? path.join(config.dataDir, 'files')),
  );
  uploadRoutes(app, uploads);
  reportRoutes(app, db, uploads);

  // 4. The web application, with client-side routes falling back to index.html.
  const webDist = config.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist');
  const serveWeb = existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) await app.register(fastifyStatic, { root: webDist, wildcard: true, index: 'index.html' });
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (serveWeb && request.method === 'GET' && !isApi) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ code: 'routeConfigNotFound', details: {} });
  });

  return app;
}
