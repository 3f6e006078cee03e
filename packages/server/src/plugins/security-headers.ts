import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's security headers on every answer, the web app's pages and the API alike. The middleware
 * is built once (decision 0014): `@fastify/helmet` (13.2 still) builds a new one for each request,
 * parsing the whole content-security policy again, 20–40 µs of every call against about 1 µs.
 */
export function registerSecurityHeaders(app: FastifyInstance, agentOrigin: string): void {
  const setHeaders = helmet({
    // The web app has no inline script; Mantine sets inline styles. Served over plain HTTP locally,
    // so requests are not upgraded (production terminates TLS in front and sends HSTS).
    contentSecurityPolicy: {
      // The page also calls the workstation agent on the loopback address (labels, scans).
      directives: {
        'style-src': ["'self'", "'unsafe-inline'"],
        'connect-src': ["'self'", new URL(agentOrigin).origin],
        'upgrade-insecure-requests': null,
      },
    },
  });
  // Helmet throws its errors rather than passing them on (since 8.1); Fastify answers a throwing hook.
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, () => done());
  });
}
