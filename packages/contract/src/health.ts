import { z } from 'zod';
import type { RouteDef } from './route-def.js';

/** The read replica as the server copy last polled it (DATABASE_READ_URL, issue 43). */
export const ReplicaHealth = z.object({
  /** Whether lists, exports and the dashboard read on the replica now. */
  serving: z.boolean(),
  /** The WAL position the replica has replayed, null before the first poll. */
  replay_lsn: z.string().nullable(),
  /** Bytes of WAL written on the primary and not yet replayed on the replica. */
  lag_bytes: z.number().nonnegative().nullable(),
  /** Seconds since the last transaction the replica replayed was committed; 0 when caught up. */
  lag_seconds: z.number().nonnegative().nullable(),
  checked_at: z.string().nullable(),
  /** Why the replica serves no read when it does not (down, lagging, not in recovery). */
  problem: z.string().nullable(),
});

export const Health = z.object({
  /** 'ok' once the primary database answered. */
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** Null when no replica is configured. */
  replica: ReplicaHealth.nullable(),
});
export type Health = z.output<typeof Health>;

/**
 * For the load balancer and the monitoring (docs/deployment.md): this copy answers and reaches its
 * database; with a replica, how far behind it is. Public: it tells nothing of any laboratory.
 */
export const healthRoutes = {
  getHealth: {
    method: 'GET',
    path: '/api/health',
    access: { kind: 'public' },
    summary:
      "This server copy answers and reaches its database; the read replica's lag when one is configured",
    response: Health,
  },
} as const satisfies Record<string, RouteDef>;
