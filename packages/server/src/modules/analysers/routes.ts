import { MAX_DOWNLOAD_BATCH } from '@sil/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/open.js';
import { fail } from '../../lib/errors.js';
import { handle } from '../../lib/route.js';
import { onSamplesOrdered } from '../records/index.js';
import type { AgentCaller } from './agents/authenticate.js';
import { enrolAgent } from './agents/enrol-agent.js';
import { addAgent, revokeAgent, rotateAgentCredential } from './agents/manage-agents.js';
import { agentsOf } from './agents/reads.js';
import { awaitConfiguration } from './configuration.js';
import { acknowledgeAnalyserOrders, awaitDownloads, queueDownloadOrders } from './downloads.js';
import { postAnalyserMessages } from './ingest/post-messages.js';
import { analyserOrders } from './orders.js';
import { analyserMappings, updateAnalyserMappings } from './review/mappings.js';
import { analyserMessagesOf, reconciliationItemsOf } from './review/reads.js';
import { resolveReconciliationItem } from './review/resolve-item.js';
import { analyserStatesOf, reportAnalyserState } from './states.js';

/** The agent the authorization hook found for an agent's call (plugins/authorization.ts). */
const agentOf = (request: FastifyRequest): AgentCaller => request.agent ?? fail('invalidAgentCredential');

/** Analysers through the laboratory's agents (issue 41): HTTP only, one command per file. */
export function analyserRoutes(app: FastifyInstance, db: Db): void {
  // Download mode: the orders of samples registered or given analyses, in their transaction.
  onSamplesOrdered(queueDownloadOrders);
  // The administrator's agents.
  handle(app, 'addAgent', ({ auth, body }) => addAgent(db, auth, body));
  handle(app, 'getAgents', async ({ auth }) => ({ agents: await agentsOf(db, auth.user.laboratory_id) }));
  handle(app, 'revokeAgent', ({ auth, body }) => revokeAgent(db, auth, body));
  handle(app, 'rotateAgentCredential', ({ auth, body }) => rotateAgentCredential(db, auth, body));
  handle(app, 'enrolAgent', ({ body }) => enrolAgent(db, body));
  // The agent's own calls.
  handle(app, 'getAgentConfiguration', ({ request, query }) =>
    awaitConfiguration(db, agentOf(request), query, () => request.raw.destroyed),
  );
  handle(app, 'postAnalyserMessages', ({ request, body }) =>
    postAnalyserMessages(db, agentOf(request), body.messages, request.log),
  );
  handle(app, 'getAnalyserOrders', ({ request, query }) => analyserOrders(db, agentOf(request), query));
  handle(app, 'getAnalyserDownloads', ({ request, query }) =>
    awaitDownloads(db, agentOf(request), query, MAX_DOWNLOAD_BATCH, () => request.raw.destroyed),
  );
  handle(app, 'acknowledgeAnalyserOrders', ({ request, body }) =>
    acknowledgeAnalyserOrders(db, agentOf(request), body.deliveries),
  );
  handle(app, 'reportAnalyserState', ({ request, body }) =>
    reportAnalyserState(db, agentOf(request), body.states),
  );
  // The staff's view.
  handle(app, 'getAnalyserMessages', ({ auth, query }) =>
    analyserMessagesOf(db, auth.user.laboratory_id, query),
  );
  handle(app, 'getAnalyserStates', ({ auth }) => analyserStatesOf(db, auth.user.laboratory_id));
  handle(app, 'getReconciliationItems', ({ auth, query }) =>
    reconciliationItemsOf(db, auth.user.laboratory_id, query),
  );
  handle(app, 'resolveReconciliationItem', ({ auth, body }) => resolveReconciliationItem(db, auth, body));
  handle(app, 'getAnalyserMappings', ({ auth, query }) => analyserMappings(db, auth, query.machine_id));
  handle(app, 'updateAnalyserMappings', ({ auth, body }) => updateAnalyserMappings(db, auth, body));
}
