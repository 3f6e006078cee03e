import { z } from 'zod';
import { stamp } from '../rows/stamps.js';
import { AnalyserConnection, analyserProtocol } from './connection.js';

/**
 * What the agent and the server say to each other (issue 41), under the agent's credential:
 * its configuration, the journal's messages, host queries and the analysers' link states.
 */

/** The largest message text the relay carries (an HL7 frame is bounded at 16 MiB by the agent). */
export const MAX_ANALYSER_MESSAGE_CHARS = 1024 * 1024;
/** Messages per post-analyser-messages call. */
export const MAX_ANALYSER_BATCH = 200;
/** The longest a configuration poll waits for a change. */
export const MAX_CONFIGURATION_WAIT_S = 30;

export const AgentAnalyserConfig = z.object({
  machine_id: z.uuid(),
  machine_name: z.string(),
  machine_code: z.string(),
  protocol: analyserProtocol,
  connection: AnalyserConnection,
  /** The test codes the analyser may be sent in orders (those mapped to a parameter). */
  test_codes: z.array(z.string()),
});
export type AgentAnalyserConfig = z.output<typeof AgentAnalyserConfig>;

export const AgentConfigurationQuery = z.object({
  /** The version the agent has: the call waits (up to `wait_s`) until there is another. */
  version: z.string().max(100).optional(),
  wait_s: z.coerce.number().int().min(0).max(MAX_CONFIGURATION_WAIT_S).optional(),
});

export const AgentConfiguration = z.object({
  agent_id: z.uuid(),
  /** Changes whenever anything of the configuration below changes. */
  version: z.string(),
  analysers: z.array(AgentAnalyserConfig),
});
export type AgentConfiguration = z.output<typeof AgentConfiguration>;

/** One result as the agent read it (ASTM R record, HL7 OBX). */
export const ParsedResult = z.object({
  specimen_id: z.string().max(100),
  test_code: z.string().max(200),
  test_name: z.string().max(200).optional(),
  value: z.string().max(2000),
  unit: z.string().max(50),
  reference_range: z.string().max(200),
  flags: z.array(z.string().max(10)).max(10),
  /** F final, C correction, P preliminary, X cannot be done… (ASTM R.9, HL7 OBX-11). */
  status: z.string().max(5),
  /** When the analyser ran it, as it wrote it (YYYYMMDDHHMMSS). */
  run_at: z.string().max(40),
  /** A quality-control specimen (ASTM O.12 'Q', HL7 SPM-11 'Q'/'C'). */
  qc: z.boolean(),
  instrument: z.string().max(200).optional(),
  comments: z.array(z.string().max(2000)).max(20).optional(),
});
export type ParsedResult = z.output<typeof ParsedResult>;

export const ParsedMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('results'), results: z.array(ParsedResult).max(5000) }),
  z.object({
    kind: z.literal('query'),
    specimen_ids: z.array(z.string().max(100)).max(500),
  }),
  z.object({ kind: z.literal('unreadable'), reason: z.string().max(2000) }),
  /** Read, but nothing the laboratory stores (an HL7 type not supported, an ASTM message without results). */
  z.object({ kind: z.literal('other'), message_type: z.string().max(50) }),
  /** Orders the laboratory sent the analyser unasked (download mode): the log's outgoing messages. */
  z.object({
    kind: z.literal('order'),
    specimen_ids: z.array(z.string().max(100)).max(500),
    test_codes: z.array(z.string().max(200)).max(500),
    /** The analyser's answer when it gave one (HL7 MSA-1: AA, CA, AR…), else empty. */
    answer: z.string().max(10),
  }),
]);
export type ParsedMessage = z.output<typeof ParsedMessage>;

export const AnalyserMessageIn = z.object({
  /** The journal's id: the server stores each once, whatever the number of times it is sent. */
  message_id: z.uuid(),
  machine_id: z.uuid(),
  protocol: analyserProtocol,
  received_at: stamp,
  raw_text: z.string().max(MAX_ANALYSER_MESSAGE_CHARS),
  parsed: ParsedMessage,
});
export type AnalyserMessageIn = z.output<typeof AnalyserMessageIn>;

export const PostAnalyserMessagesBody = z.object({
  messages: z.array(AnalyserMessageIn).min(1).max(MAX_ANALYSER_BATCH),
});

/**
 * `accepted`: stored now or already stored (a repeat); the agent marks them forwarded.
 * `refused`: not stored and never will be as sent (an analyser this agent does not serve);
 * the agent keeps them, and an administrator sees them in the agent's state.
 */
export const AnalyserMessagesAck = z.object({
  accepted: z.array(z.uuid()),
  refused: z.array(z.object({ message_id: z.uuid(), code: z.string() })),
});
export type AnalyserMessagesAck = z.output<typeof AnalyserMessagesAck>;

export const AnalyserOrdersQuery = z.object({
  machine_id: z.uuid(),
  specimen_id: z.string().trim().min(1).max(100),
});

/** A host query's answer: the sample's analyses still to be done, as the analyser's test codes. */
export const AnalyserOrders = z.object({
  specimen_id: z.string(),
  /** False: no sample of that number (the analyser is told 'no order'). */
  found: z.boolean(),
  priority: z.enum(['S', 'R']),
  tests: z.array(z.object({ test_code: z.string(), parameter_name: z.string() })),
});
export type AnalyserOrders = z.output<typeof AnalyserOrders>;

export const AnalyserLinkState = z.object({
  machine_id: z.uuid(),
  connected: z.boolean(),
  /**
   * The agent listens for it (its TCP server is open): 'listening' rather than 'disconnected' before
   * the analyser connects. Absent from an agent older than this field: false.
   */
  listening: z.boolean().default(false),
  last_message_at: stamp.nullable(),
  naks: z.number().int().min(0),
  retransmissions: z.number().int().min(0),
  /** Messages in the agent's journal not yet acknowledged by the server. */
  pending: z.number().int().min(0),
  errors: z.array(z.object({ at: stamp, message: z.string().max(500) })).max(20),
});
export type AnalyserLinkState = z.output<typeof AnalyserLinkState>;

export const ReportAnalyserStateBody = z.object({ states: z.array(AnalyserLinkState).max(200) });
export const Acknowledged = z.object({ ok: z.literal(true) });

/** Orders an agent takes per call (download mode). */
export const MAX_DOWNLOAD_BATCH = 100;

export const AnalyserDownloadsQuery = z.object({
  /** Waits up to this long for an order when none is pending. */
  wait_s: z.coerce.number().int().min(0).max(MAX_CONFIGURATION_WAIT_S).optional(),
});

/**
 * An order waiting to be sent unasked to an analyser in download mode: a sample's tests as the
 * analyser's codes, queued when the sample was registered or given more analyses.
 */
export const AnalyserDownload = z.object({
  order_id: z.uuid(),
  machine_id: z.uuid(),
  specimen_id: z.string(),
  priority: z.enum(['S', 'R']),
  tests: z.array(z.object({ test_code: z.string(), parameter_name: z.string() })),
  created_at: stamp,
});
export type AnalyserDownload = z.output<typeof AnalyserDownload>;

export const AnalyserDownloads = z.object({ orders: z.array(AnalyserDownload) });
export type AnalyserDownloads = z.output<typeof AnalyserDownloads>;

/**
 * What became of orders the agent sent: `accepted` false when the analyser refused them (HL7 AR/CR),
 * which are not sent again. Orders not delivered (analyser not connected, no answer) are not
 * reported: they stay pending and the agent tries again.
 */
export const AcknowledgeAnalyserOrdersBody = z.object({
  deliveries: z
    .array(
      z.object({
        order_id: z.uuid(),
        sent_at: stamp,
        raw_text: z.string().max(MAX_ANALYSER_MESSAGE_CHARS),
        accepted: z.boolean(),
        answer: z.string().max(10).default(''),
      }),
    )
    .min(1)
    .max(MAX_DOWNLOAD_BATCH),
});
export type AnalyserOrderDelivery = z.output<typeof AcknowledgeAnalyserOrdersBody>['deliveries'][number];

/** The orders now recorded as delivered (now or before): the agent forgets them. */
export const AnalyserOrdersAck = z.object({ acknowledged: z.array(z.uuid()) });
export type AnalyserOrdersAck = z.output<typeof AnalyserOrdersAck>;
