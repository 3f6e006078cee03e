import type { z } from 'zod';
import { accountSettingsRoutes } from './account/routes.js';
import { agentRelayRoutes, agentRoutes, analyserRoutes } from './analysers/routes.js';
import { accountRoutes } from './auth-routes.js';
import { billingRoutes } from './billing/routes.js';
import { ciqRoutes } from './ciq/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { deliveryRoutes } from './delivery/routes.js';
import { exchangeDestinationRoutes } from './exchange/destination.js';
import { dmpRoutes } from './exchange/dmp.js';
import { exchangeRoutes } from './exchange/routes.js';
import { secureMessagingRoutes } from './exchange/secure-messaging.js';
import { healthRoutes } from './health.js';
import { importMappingRoutes } from './imports/routes.js';
import { laboratoryIdentityRoutes } from './laboratory/identity.js';
import { nonconformityRoutes } from './nonconformities/routes.js';
import { addSampleRoutes } from './records/add-sample.js';
import { documentRoutes } from './records/documents.js';
import { recordRoutes } from './records/routes.js';
import { resultReportRoutes } from './reports/routes.js';
import { resultRoutes } from './results/routes.js';
import { validationRoutes } from './validation/routes.js';
import { worklistRoutes } from './worklists/routes.js';

/**
 * The API route table: one entry per call, used by the server to register and authorize the
 * route and by the web client to call it with the right types. Paths are spec.md §7's.
 */
export const routes = {
  ...accountRoutes,
  ...recordRoutes,
  ...addSampleRoutes,
  ...resultRoutes,
  ...importMappingRoutes,
  // Analysers connected through the laboratory's agents (issue 41).
  ...agentRoutes,
  ...agentRelayRoutes,
  ...analyserRoutes,
  ...validationRoutes,
  ...nonconformityRoutes,
  ...ciqRoutes,
  ...worklistRoutes,
  ...documentRoutes,
  ...resultReportRoutes,
  ...deliveryRoutes,
  ...exchangeRoutes,
  ...exchangeDestinationRoutes,
  ...dmpRoutes,
  ...secureMessagingRoutes,
  ...billingRoutes,
  ...laboratoryIdentityRoutes,
  ...accountSettingsRoutes,
  // Dashboard (issue 17).
  ...dashboardRoutes,
  // The load balancer's health check, with the read replica's lag (issue 43).
  ...healthRoutes,
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
type Field<R, K extends string> = R extends Record<K, infer S extends z.ZodType> ? z.input<S> : undefined;
export type RouteBody<N extends RouteName> = Field<Routes[N], 'body'>;
export type RouteQuery<N extends RouteName> = Field<Routes[N], 'query'>;
export type RouteAnswer<N extends RouteName> = z.output<Routes[N]['response']>;
