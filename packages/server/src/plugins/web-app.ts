import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where the API answers; everything else is the web app. */
export const API_PREFIXES = ['/api/', '/auth/', '/reports/'];
/** Vite puts every hashed file (scripts, styles, fonts) under /assets: a new build gives new names. */
const ASSETS_PREFIX = '/assets/';

/** A hashed file never changes under its name: browsers and proxies keep it for a year unasked. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: it is revalidated (ETag) on every visit. */
export const REVALIDATE = 'no-cache';

/**
 * Serves the built web app: precompressed copies (.br, .gz written by the build) when the browser
 * accepts them, hashed assets cached for good, and index.html for every client-side route.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const serveWeb = existsSync(path.join(webDist, 'index.html'));
  const assetsDir = path.join(webDist, 'assets') + path.sep;
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: 'index.html',
      preCompressed: true,
      // The headers below replace the library's `max-age=0`.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    // A missing hashed file is an old page asking for a previous build's chunk: answering index.html
    // there would hand HTML to a script tag.
    const isAsset = request.url.startsWith(ASSETS_PREFIX);
    if (serveWeb && request.method === 'GET' && !isApi && !isAsset) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ code: 'routeConfigNotFound', details: {} });
  });
}
