import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AgentConfig } from './config.js';
import { AgentError } from './errors.js';
import { registerGuard } from './guard.js';
import { printRoutes } from './routes/print.js';
import { scanRoutes } from './routes/scan.js';

export interface AgentOptions {
  logger?: boolean;
}

/**
 * The workstation helper: scanner and label printing for the web app, on this machine only.
 * Order: guard and CORS first (they answer before any route), then the error handlers, then routes.
 */
export async function buildAgent(config: AgentConfig, options: AgentOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? {
          // Request lines must not carry the patient's online password (GET /print-password).
          serializers: { req: (request) => ({ method: request.method, url: redactPassword(request.url) }) },
        }
      : false,
  });

  registerGuard(app, config.allowedOrigin, config.port);
  await app.register(cors, { origin: config.allowedOrigin, methods: ['GET', 'POST'] });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AgentError) {
      return reply.status(error.status).send({ code: error.code, details: error.details });
    }
    const status =
      typeof error === 'object' && error !== null && 'statusCode' in error ? Number(error.statusCode) : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (malformed JSON, wrong content type) are invalid label requests:
      // only the printing endpoints take a body.
      const message = error instanceof Error ? error.message : String(error);
      return reply.status(400).send({ code: 'invalidLabelRequest', details: { message } });
    }
    request.log.error({ err: error }, 'unexpected agent error');
    return reply.status(500).send({ code: 'internalError', details: {} });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ code: 'notFound', details: { method: request.method, url: request.url.split('?')[0] } }),
  );

  scanRoutes(app, config);
  printRoutes(app, config);
  return app;
}

export function redactPassword(url: string): string {
  return url.replace(/([?&]password=)[^&]*/g, '$1***');
}
