import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where the API answers; everything else is the web app. */
const API_PREFIXES = ['/api/', '/auth/', '/reports/'];
/** Whether a request's path is the API's (with its query string or not). */
export const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));
/** The route constraint that keeps the web app's files to the paths outside the API. */
const WEB_APP_AREA = 'webAppArea';
type AreaStore = Parameters<
  ReturnType<Parameters<FastifyInstance['addConstraintStrategy']>[0]['storage']>['set']
>[1];
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
    // The web app's files answer only outside the API: an unknown API path goes straight to the
    // not-found answer, where the files' catch-all route looked for it on disk first (a stat and a
    // directory read per path segment, more than a whole authenticated read costs).
    app.addConstraintStrategy({
      name: WEB_APP_AREA,
      storage: () => {
        const stores = new Map<unknown, AreaStore>();
        return {
          get: (area: unknown) => stores.get(area) ?? null,
          set: (area: unknown, store: AreaStore) => void stores.set(area, store),
        };
      },
      deriveConstraint: (request: { url?: string }) => (isApiPath(request.url ?? '') ? 'api' : 'pages'),
      mustMatchWhenDerived: false,
    });
    await app.register(fastifyStatic, {
      root: webDist,
      constraints: { [WEB_APP_AREA]: 'pages' },
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
    const isApi = isApiPath(request.url);
    // A missing hashed file is an old page asking for a previous build's chunk: answering index.html
    // there would hand HTML to a script tag.
    const isAsset = request.url.startsWith(ASSETS_PREFIX);
    if (serveWeb && request.method === 'GET' && !isApi && !isAsset) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ code: 'routeConfigNotFound', details: {} });
  });
}
