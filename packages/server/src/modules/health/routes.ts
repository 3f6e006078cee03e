import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, poolOf } from '../../db/open.js';
import { replicaHealth } from '../../db/read-replica.js';
import { handle } from '../../lib/route.js';

/** The load balancer's and the monitoring's look at this copy (docs/deployment.md). */
export function healthRoutes(app: FastifyInstance, db: Db): void {
  handle(app, 'getHealth', async () => {
    // The primary answers, or the call fails and the load balancer takes this copy out.
    await db.execute(sql`SELECT 1`);
    return {
      status: 'ok' as const,
      database: poolOf(db) ? ('postgres' as const) : ('pglite' as const),
      replica: replicaHealth(db),
    };
  });
}
