import { z } from 'zod';
import { stamp } from '../rows/stamps.js';
import { analyserProtocol } from './connection.js';
import { AnalyserLinkState, ParsedMessage, ParsedResult } from './relay.js';

/** What the laboratory sees of its analysers (issue 41): their messages, states and what waits. */

const page = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
};

/**
 * What a message became: stored (every result landed), partly (some wait in reconciliation),
 * reconciliation (none landed), qc (control values to CIQ), query (a host query answered),
 * unreadable (kept with its reason), ignored (nothing to store); sent (orders the laboratory sent
 * unasked, taken by the analyser), refused (such orders the analyser refused).
 */
export const MESSAGE_OUTCOMES = [
  'stored',
  'partly',
  'reconciliation',
  'qc',
  'query',
  'unreadable',
  'ignored',
  'sent',
  'refused',
] as const;
export const messageOutcome = z.enum(MESSAGE_OUTCOMES);
export type MessageOutcome = z.output<typeof messageOutcome>;

export const AnalyserMessagesQuery = z.object({
  machine_id: z.uuid(),
  outcome: messageOutcome.optional(),
  ...page,
});

export const AnalyserMessageRow = z.object({
  message_id: z.uuid(),
  machine_id: z.uuid(),
  agent_id: z.uuid(),
  protocol: analyserProtocol,
  received_at: stamp,
  stored_at: stamp,
  raw_text: z.string(),
  parsed: ParsedMessage,
  outcome: messageOutcome,
  results_stored: z.number().int(),
  results_to_ciq: z.number().int(),
  results_in_reconciliation: z.number().int(),
});
export type AnalyserMessageRow = z.output<typeof AnalyserMessageRow>;

export const AnalyserMessagesPage = z.object({
  data: z.array(AnalyserMessageRow),
  number_of_rows: z.number().int(),
  number_of_pages: z.number().int(),
});

/**
 * Why a result waits for a person: no sample of that number, a code with no mapping, a sample
 * already validated (never overwritten), a parameter the sample does not have, a value the
 * bench refuses, a unit other than the mapping's, or a whole message that could not be read.
 */
export const RECONCILIATION_REASONS = [
  'unknownSpecimen',
  'unmappedCode',
  'validatedConflict',
  'parameterNotInSample',
  'valueRefused',
  'unitMismatch',
  'unreadable',
] as const;
export const reconciliationReason = z.enum(RECONCILIATION_REASONS);
export type ReconciliationReason = z.output<typeof reconciliationReason>;

export const RECONCILIATION_STATES = ['open', 'mapped', 'assigned', 'discarded'] as const;
export const reconciliationState = z.enum(RECONCILIATION_STATES);

export const ReconciliationItemsQuery = z.object({
  machine_id: z.uuid().optional(),
  /** open (the default): what waits; closed: what was resolved; all. */
  state: z.enum(['open', 'closed', 'all']).default('open'),
  reason: reconciliationReason.optional(),
  ...page,
});

export const ReconciliationItem = z.object({
  item_id: z.uuid(),
  machine_id: z.uuid(),
  machine_name: z.string(),
  message_id: z.uuid(),
  reason: reconciliationReason,
  /** The unreadable message's reason, the bench's refusal code, the validated value… */
  detail: z.string().nullable(),
  /** The result as the analyser sent it (null for an unreadable message). */
  result: ParsedResult.nullable(),
  /** The sample of that number, when there is one. */
  sample_id: z.uuid().nullable(),
  sample_number: z.string().nullable(),
  parameter_id: z.uuid().nullable(),
  parameter_name: z.string().nullable(),
  item_state: reconciliationState,
  resolved_by: z.string().nullable(),
  resolved_at: stamp.nullable(),
  resolution_reason: z.string().nullable(),
  item_created_at: stamp,
  item_last_updated: stamp,
});
export type ReconciliationItem = z.output<typeof ReconciliationItem>;

export const ReconciliationItemsPage = z.object({
  data: z.array(ReconciliationItem),
  number_of_rows: z.number().int(),
  number_of_pages: z.number().int(),
});

/**
 * map: the code means this parameter (with `learn`, the analyser's mapping keeps it, and the next
 * messages use it); the result is then stored on its sample. assign: the result belongs to this
 * sample (a misread barcode), stored through the bench's path. discard: with a reason, traced.
 * A validated conflict can only be discarded (an amendment goes through invalidation).
 */
export const ResolveReconciliationItemBody = z.object({
  item_id: z.uuid(),
  item_last_updated: stamp,
  resolution: z.discriminatedUnion('action', [
    z.object({
      action: z.literal('map'),
      parameter_id: z.uuid(),
      unit_factor: z.number().finite().positive().max(1e9).nullable().optional(),
      learn: z.boolean().default(true),
    }),
    z.object({
      action: z.literal('assign'),
      sample_number: z.string().trim().min(1).max(100),
      parameter_id: z.uuid().optional(),
    }),
    z.object({ action: z.literal('discard'), reason: z.string().trim().min(1).max(500) }),
  ]),
});

export const AnalyserStateRow = AnalyserLinkState.extend({
  machine_name: z.string(),
  agent_id: z.uuid().nullable(),
  agent_name: z.string().nullable(),
  agent_last_seen_at: stamp.nullable(),
  /** When the agent last reported this state (null: never). */
  reported_at: stamp.nullable(),
  open_reconciliation_items: z.number().int(),
});
export type AnalyserStateRow = z.output<typeof AnalyserStateRow>;
export const AnalyserStates = z.object({ states: z.array(AnalyserStateRow) });
