import { z } from 'zod';
import { stamp } from '../rows/stamps.js';

/**
 * The laboratory's workstation agents that relay analysers (issue 41). An administrator declares
 * one and gets a one-time enrolment code; the agent exchanges the code for its own credential
 * (`<agent_id>.<secret>`, the secret stored hashed), sent on each of its calls as
 * `Authorization: Bearer <credential>`. Not a user's session: its audience is 'agent'.
 */

/** pending: declared, its code not used yet; active: enrolled; revoked: its credential refused. */
export const AGENT_STATES = ['pending', 'active', 'revoked'] as const;
export const agentState = z.enum(AGENT_STATES);
export type AgentState = z.output<typeof agentState>;

/** How long an enrolment code stays usable. */
export const ENROLMENT_CODE_TTL_MS = 24 * 60 * 60 * 1000;

/** Enrolment codes as shown to the administrator: groups of uppercase letters and digits. */
export const enrolmentCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/, 'enrolmentCode');

/** An agent's credential: its id, a dot, its secret (base64url). */
export const agentCredential = z.string().regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{32,128}$/, 'agentCredential');

export const AddAgentBody = z.object({ agent_name: z.string().trim().min(1).max(200) });

export const AgentIdBody = z.object({ agent_id: z.uuid(), agent_last_updated: stamp });

/** Answered once, to the administrator: the code is never shown again (only its hash is kept). */
export const AgentEnrolment = z.object({
  agent_id: z.uuid(),
  agent_name: z.string(),
  enrolment_code: z.string(),
  enrolment_expires_at: stamp,
  agent_last_updated: stamp,
});
export type AgentEnrolment = z.output<typeof AgentEnrolment>;

export const AgentAnalyser = z.object({ machine_id: z.uuid(), machine_name: z.string() });

export const AgentRow = z.object({
  agent_id: z.uuid(),
  agent_name: z.string(),
  agent_state: agentState,
  /** While pending: when its enrolment code stops working. */
  agent_enrolment_expires_at: stamp.nullable(),
  agent_enrolled_at: stamp.nullable(),
  agent_credential_rotated_at: stamp.nullable(),
  agent_revoked_at: stamp.nullable(),
  /** The last call the agent made with its credential. */
  agent_last_seen_at: stamp.nullable(),
  /** What the agent said of itself at enrolment (host name, version). */
  agent_host: z.string().nullable(),
  agent_version: z.string().nullable(),
  agent_analysers: z.array(AgentAnalyser),
  agent_last_updated: stamp,
});
export type AgentRow = z.output<typeof AgentRow>;
export const Agents = z.object({ agents: z.array(AgentRow) });

/** The agent's public call: the code authenticates it, once. */
export const EnrolAgentBody = z.object({
  enrolment_code: enrolmentCode,
  agent_host: z.string().trim().max(200).optional(),
  agent_version: z.string().trim().max(50).optional(),
});

export const AgentCredential = z.object({
  agent_id: z.uuid(),
  agent_name: z.string(),
  /** Kept by the agent in its configuration file; the server keeps only its hash. */
  credential: z.string(),
});
export type AgentCredential = z.output<typeof AgentCredential>;
