import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AgentError } from './errors.js';

/**
 * CORS alone stops other sites from reading the agent's answers, not from sending it requests:
 * a page elsewhere could print labels or take the scans with an <img> or a form. So a request is
 * refused when a browser says it comes from another site (Origin, or Sec-Fetch-Site without Origin),
 * or when its Host is not this machine (DNS rebinding). Requests without those browser headers
 * come from programs on the workstation itself and are let through.
 */
export function registerGuard(app: FastifyInstance, allowedOrigin: string, port: number): void {
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    const host = request.headers.host ?? '';
    if (origin !== undefined && origin !== allowedOrigin) {
      throw new AgentError('originNotAllowed', { origin });
    }
    if (origin === undefined && site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw new AgentError('originNotAllowed', { fetchSite: site });
    }
    if (!hosts.has(host)) throw new AgentError('originNotAllowed', { host });
  });

  // Chrome's Private Network Access: a page of the web app asks before calling into localhost.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers['access-control-request-private-network'] === 'true') {
      reply.header('access-control-allow-private-network', 'true');
    }
  });
}
