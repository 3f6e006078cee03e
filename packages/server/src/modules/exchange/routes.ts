import type { FastifyInstance } from 'fastify';
import { handle } from '../../lib/route.js';
import { type ExchangeDeps, exchangeDestination, updateExchangeDestination } from './destination.js';
import {
  type SecureMessagingDeps,
  secureMessagingSettings,
  updateSecureMessaging,
} from './secure-messaging-relay.js';
import { exportResults } from './service.js';
import { downloadXdmPackage } from './xdm-package.js';

/**
 * Result exchange (issue 16): a validated record's results in one of the four formats, and where
 * they are sent; the secure messaging relay they go through to prescribers (issue 42).
 */
export function exchangeRoutes(app: FastifyInstance, deps: ExchangeDeps & SecureMessagingDeps): void {
  const { db } = deps;
  handle(app, 'exportRecordResults', ({ auth, query }) =>
    exportResults(db, auth, query.record_id, query.format),
  );
  handle(app, 'downloadRecordXdm', ({ auth, query }) => downloadXdmPackage(db, auth, query.record_id));
  handle(app, 'getExchangeDestination', ({ auth }) => exchangeDestination(db, auth));
  handle(app, 'updateExchangeDestination', ({ auth, body }) => updateExchangeDestination(deps, auth, body));
  handle(app, 'getSecureMessaging', ({ auth }) => secureMessagingSettings(db, auth));
  handle(app, 'updateSecureMessaging', ({ auth, body }) => updateSecureMessaging(deps, auth, body));
}
