import type { RouteDef } from '../route-def.js';
import {
  AddAgentBody,
  AgentCredential,
  AgentEnrolment,
  AgentIdBody,
  AgentRow,
  Agents,
  EnrolAgentBody,
} from './agents.js';
import { AnalyserMappings, AnalyserMappingsQuery, UpdateAnalyserMappingsBody } from './mappings.js';
import {
  AcknowledgeAnalyserOrdersBody,
  Acknowledged,
  AgentConfiguration,
  AgentConfigurationQuery,
  AnalyserDownloads,
  AnalyserDownloadsQuery,
  AnalyserMessagesAck,
  AnalyserOrders,
  AnalyserOrdersAck,
  AnalyserOrdersQuery,
  PostAnalyserMessagesBody,
  ReportAnalyserStateBody,
} from './relay.js';
import {
  AnalyserMessagesPage,
  AnalyserMessagesQuery,
  AnalyserStates,
  ReconciliationItem,
  ReconciliationItemsPage,
  ReconciliationItemsQuery,
  ResolveReconciliationItemBody,
} from './review.js';

const staff = ['internal'] as const;
const machines = (level: 1 | 2 | 3) =>
  ({ kind: 'permission', key: 'admin_machines', level, userTypes: staff }) as const;
const samples = (level: 1 | 2) =>
  ({ kind: 'permission', key: 'admin_samples', level, userTypes: staff }) as const;
const agent = { kind: 'agent' } as const;

/** The laboratory's agents, as an administrator declares and manages them. */
export const agentRoutes = {
  addAgent: {
    method: 'POST',
    path: '/api/add-agent',
    access: machines(2),
    summary: 'Declare a workstation agent: its id and a one-time enrolment code (shown once)',
    body: AddAgentBody,
    response: AgentEnrolment,
    errors: ['nameTaken'],
  },
  getAgents: {
    method: 'GET',
    path: '/api/get-agents',
    access: machines(1),
    summary: "The laboratory's agents: state, last call, the analysers each serves",
    response: Agents,
  },
  revokeAgent: {
    method: 'POST',
    path: '/api/revoke-agent',
    access: machines(3),
    summary: "Refuse an agent's credential from now on (its analysers stop relaying)",
    body: AgentIdBody,
    response: AgentRow,
    errors: ['agentNotFound', 'staleUpdate'],
  },
  rotateAgentCredential: {
    method: 'POST',
    path: '/api/rotate-agent-credential',
    access: machines(2),
    summary: "Replace an agent's credential: the old one is refused, a new enrolment code is given",
    body: AgentIdBody,
    response: AgentEnrolment,
    errors: ['agentNotFound', 'staleUpdate'],
  },
  enrolAgent: {
    method: 'POST',
    path: '/api/enrol-agent',
    access: { kind: 'public' },
    summary: 'An agent exchanges its one-time enrolment code for its own credential',
    body: EnrolAgentBody,
    response: AgentCredential,
    errors: ['enrolmentCodeInvalid', 'enrolmentCodeExpired'],
  },
} as const satisfies Record<string, RouteDef>;

/** The agent's own calls, under its credential. */
export const agentRelayRoutes = {
  getAgentConfiguration: {
    method: 'GET',
    path: '/api/get-agent-configuration',
    access: agent,
    summary: "The agent's analysers (protocol, connection, test codes) and their version; waits for a change",
    query: AgentConfigurationQuery,
    response: AgentConfiguration,
  },
  postAnalyserMessages: {
    method: 'POST',
    path: '/api/post-analyser-messages',
    access: agent,
    summary: "A batch of the journal's messages: each stored once (by message id), results landed",
    body: PostAnalyserMessagesBody,
    response: AnalyserMessagesAck,
  },
  getAnalyserOrders: {
    method: 'GET',
    path: '/api/get-analyser-orders',
    access: agent,
    summary: "A host query: the sample's analyses as the analyser's test codes, or none",
    query: AnalyserOrdersQuery,
    response: AnalyserOrders,
    errors: ['machineNotFound'],
  },
  getAnalyserDownloads: {
    method: 'GET',
    path: '/api/get-analyser-downloads',
    access: agent,
    summary: 'Orders waiting to be sent unasked to its analysers in download mode; waits for one',
    query: AnalyserDownloadsQuery,
    response: AnalyserDownloads,
  },
  acknowledgeAnalyserOrders: {
    method: 'POST',
    path: '/api/acknowledge-analyser-orders',
    access: agent,
    summary: 'Orders the agent sent to their analysers (as sent, with the answer): kept in the message log',
    body: AcknowledgeAnalyserOrdersBody,
    response: AnalyserOrdersAck,
  },
  reportAnalyserState: {
    method: 'POST',
    path: '/api/report-analyser-state',
    access: agent,
    summary: "The agent's analysers' links: connected, last message, NAKs, retransmissions, errors",
    body: ReportAnalyserStateBody,
    response: Acknowledged,
  },
} as const satisfies Record<string, RouteDef>;

/** What the laboratory's staff see and resolve. */
export const analyserRoutes = {
  getAnalyserMessages: {
    method: 'GET',
    path: '/api/get-analyser-messages',
    access: samples(1),
    summary: "An analyser's message log: raw text, the agent's reading, what each became",
    query: AnalyserMessagesQuery,
    response: AnalyserMessagesPage,
    errors: ['machineNotFound'],
  },
  getAnalyserStates: {
    method: 'GET',
    path: '/api/get-analyser-states',
    access: samples(1),
    summary: 'Each connected analyser: its link as its agent last reported it, and what waits',
    response: AnalyserStates,
  },
  getReconciliationItems: {
    method: 'GET',
    path: '/api/get-reconciliation-items',
    access: samples(1),
    summary: 'Analyser results waiting for a person: unknown specimen, unmapped code, validated conflict…',
    query: ReconciliationItemsQuery,
    response: ReconciliationItemsPage,
  },
  resolveReconciliationItem: {
    method: 'POST',
    path: '/api/resolve-reconciliation-item',
    access: samples(2),
    summary: 'Map the code to a parameter (and learn it), assign the result to a sample, or discard it',
    body: ResolveReconciliationItemBody,
    response: ReconciliationItem,
    errors: [
      'reconciliationItemNotFound',
      'reconciliationItemClosed',
      'staleUpdate',
      'parameterNotFound',
      'sampleNotFound',
      'resultValidated',
    ],
  },
  getAnalyserMappings: {
    method: 'GET',
    path: '/api/get-analyser-mappings',
    access: machines(1),
    summary: "An analyser's test codes mapped to parameters, with their unit conversion",
    query: AnalyserMappingsQuery,
    response: AnalyserMappings,
    errors: ['machineNotFound'],
  },
  updateAnalyserMappings: {
    method: 'PUT',
    path: '/api/update-analyser-mappings',
    access: machines(2),
    summary: "Replace an analyser's mapping of test codes to parameters",
    body: UpdateAnalyserMappingsBody,
    response: AnalyserMappings,
    errors: ['machineNotFound', 'parameterNotFound'],
  },
} as const satisfies Record<string, RouteDef>;
