import type {
  AgentState,
  MessageOutcome,
  ParsedMessage,
  ParsedResult,
  ReconciliationReason,
} from '@sil/contract';
import { boolean, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { parameters } from './catalogue.js';
import { id, stamp, stampNow } from './columns.js';
import { laboratories } from './laboratories.js';
import { samples } from './records.js';
import { machines } from './reference.js';
import { users } from './users.js';

const laboratory = () =>
  uuid('laboratory_id')
    .notNull()
    .references(() => laboratories.laboratory_id);

/** The laboratory's workstation agents (migration 0055): only hashes of their code and secret. */
export const agents = pgTable('agents', {
  agent_id: id('agent_id'),
  laboratory_id: laboratory(),
  agent_name: text('agent_name').notNull(),
  agent_state: text('agent_state').$type<AgentState>().notNull().default('pending'),
  agent_enrolment_hash: text('agent_enrolment_hash'),
  agent_enrolment_expires_at: stamp('agent_enrolment_expires_at'),
  agent_secret_hash: text('agent_secret_hash'),
  agent_enrolled_at: stamp('agent_enrolled_at'),
  agent_credential_rotated_at: stamp('agent_credential_rotated_at'),
  agent_revoked_at: stamp('agent_revoked_at'),
  agent_host: text('agent_host'),
  agent_version: text('agent_version'),
  agent_created_by: uuid('agent_created_by').references(() => users.admin_uid),
  agent_last_updated: stampNow('agent_last_updated'),
});

/** When each agent last called (not traced, and apart so that it moves no stamp of the agent). */
export const agentPresence = pgTable('agent_presence', {
  presence_agent: uuid('presence_agent')
    .primaryKey()
    .references(() => agents.agent_id),
  laboratory_id: laboratory(),
  presence_last_seen_at: stamp('presence_last_seen_at').notNull(),
});

/** Every message an agent relayed, once per message id, with what it became. */
export const analyserMessages = pgTable('analyser_messages', {
  message_id: uuid('message_id').primaryKey(),
  laboratory_id: laboratory(),
  message_machine: uuid('message_machine')
    .notNull()
    .references(() => machines.machine_id),
  message_agent: uuid('message_agent')
    .notNull()
    .references(() => agents.agent_id),
  message_protocol: text('message_protocol').$type<'astm' | 'hl7'>().notNull(),
  message_received_at: stamp('message_received_at').notNull(),
  message_stored_at: stampNow('message_stored_at'),
  message_raw_text: text('message_raw_text').notNull(),
  message_parsed: jsonb('message_parsed').$type<ParsedMessage>().notNull(),
  message_outcome: text('message_outcome').$type<MessageOutcome>().notNull(),
  message_results_stored: integer('message_results_stored').notNull().default(0),
  message_results_to_ciq: integer('message_results_to_ciq').notNull().default(0),
  message_results_in_reconciliation: integer('message_results_in_reconciliation').notNull().default(0),
});

/** Each analyser's link as its agent last reported it. */
export const analyserStates = pgTable('analyser_states', {
  state_machine: uuid('state_machine')
    .primaryKey()
    .references(() => machines.machine_id),
  laboratory_id: laboratory(),
  state_agent: uuid('state_agent').references(() => agents.agent_id),
  state_connected: boolean('state_connected').notNull().default(false),
  /** The agent's TCP server for it is open (it may connect), whether or not it is connected. */
  state_listening: boolean('state_listening').notNull().default(false),
  state_last_message_at: stamp('state_last_message_at'),
  state_naks: integer('state_naks').notNull().default(0),
  state_retransmissions: integer('state_retransmissions').notNull().default(0),
  state_pending: integer('state_pending').notNull().default(0),
  state_errors: jsonb('state_errors').$type<Array<{ at: string; message: string }>>().notNull().default([]),
  state_reported_at: stampNow('state_reported_at'),
});

/** Analyser results waiting for a person, and how each was resolved. */
export const reconciliationItems = pgTable('reconciliation_items', {
  item_id: id('item_id'),
  laboratory_id: laboratory(),
  item_machine: uuid('item_machine')
    .notNull()
    .references(() => machines.machine_id),
  item_message: uuid('item_message')
    .notNull()
    .references(() => analyserMessages.message_id),
  item_reason: text('item_reason').$type<ReconciliationReason>().notNull(),
  item_detail: text('item_detail'),
  item_result: jsonb('item_result').$type<ParsedResult>(),
  item_sample: uuid('item_sample').references(() => samples.sample_id),
  item_parameter: uuid('item_parameter').references(() => parameters.parameter_id),
  item_state: text('item_state')
    .$type<'open' | 'mapped' | 'assigned' | 'discarded'>()
    .notNull()
    .default('open'),
  item_resolved_by: uuid('item_resolved_by').references(() => users.admin_uid),
  item_resolved_at: stamp('item_resolved_at'),
  item_resolution_reason: text('item_resolution_reason'),
  item_created_at: stampNow('item_created_at'),
  item_last_updated: stampNow('item_last_updated'),
});

/** One order for a download-mode analyser (migration 0061), pending until its agent sent it. */
export const analyserOrders = pgTable('analyser_orders', {
  order_id: id('order_id'),
  laboratory_id: laboratory(),
  order_machine: uuid('order_machine')
    .notNull()
    .references(() => machines.machine_id),
  order_sample: uuid('order_sample')
    .notNull()
    .references(() => samples.sample_id),
  order_specimen_id: text('order_specimen_id').notNull(),
  order_priority: text('order_priority').$type<'S' | 'R'>().notNull(),
  order_tests: jsonb('order_tests').$type<Array<{ test_code: string; parameter_name: string }>>().notNull(),
  order_state: text('order_state').$type<'pending' | 'sent' | 'refused'>().notNull().default('pending'),
  order_created_at: stampNow('order_created_at'),
  order_delivered_at: stamp('order_delivered_at'),
});
