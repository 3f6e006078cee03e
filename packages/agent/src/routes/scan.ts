import type { FastifyInstance } from 'fastify';
import type { AgentConfig } from '../config.js';
import { scanNameFrom, takeNewestScan } from '../scans.js';

/** Scanner endpoints of spec §7 'Local helper services'. */
export function scanRoutes(app: FastifyInstance, config: AgentConfig): void {
  // The newest document in the watched folder, for the upload screen.
  app.get('/scan', async () => {
    const { path: _path, ...scan } = await takeNewestScan(config, { folder: 'sent' });
    return scan;
  });

  // The newest scan kept as the record's prescription, under the name the web app gives.
  app.get('/scan-prescription', async (request) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const name = scanNameFrom(typeof query.name === 'string' ? query.name : undefined);
    const { path: _path, ...scan } = await takeNewestScan(config, { folder: 'prescriptions', name });
    return scan;
  });
}
