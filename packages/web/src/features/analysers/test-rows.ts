import type { AgentRow, AnalyserStateRow, ReconciliationItem } from '@sil/contract';

/** Rows as the contract answers them, for the analysers' screen tests. */
export const STAMP = '2026-11-28T09:00:00.000Z';
export const MACHINE = '1b6a9a3e-2f5d-4c8a-9e1b-7c6d5e4f3a21';
export const PARAMETER = '2b6a9a3e-2f5d-4c8a-9e1b-7c6d5e4f3a21';

export const agent = (overrides: Partial<AgentRow> = {}): AgentRow => ({
  agent_id: '0b6a9a3e-2f5d-4c8a-9e1b-7c6d5e4f3a21',
  agent_name: 'Bench PC',
  agent_state: 'active',
  agent_enrolment_expires_at: null,
  agent_enrolled_at: STAMP,
  agent_credential_rotated_at: null,
  agent_revoked_at: null,
  agent_last_seen_at: STAMP,
  agent_host: 'bench-1',
  agent_version: '1.0.0',
  agent_analysers: [{ machine_id: MACHINE, machine_name: 'XN-1000' }],
  agent_last_updated: STAMP,
  ...overrides,
});

export const linkState = (overrides: Partial<AnalyserStateRow> = {}): AnalyserStateRow => ({
  machine_id: MACHINE,
  machine_name: 'XN-1000',
  connected: true,
  listening: true,
  last_message_at: STAMP,
  naks: 3,
  retransmissions: 2,
  pending: 0,
  errors: [{ at: STAMP, message: 'checksum error on frame 2' }],
  agent_id: '0b6a9a3e-2f5d-4c8a-9e1b-7c6d5e4f3a21',
  agent_name: 'Bench PC',
  agent_last_seen_at: STAMP,
  reported_at: STAMP,
  open_reconciliation_items: 1,
  ...overrides,
});

export const item = (overrides: Partial<ReconciliationItem> = {}): ReconciliationItem => ({
  item_id: '3b6a9a3e-2f5d-4c8a-9e1b-7c6d5e4f3a21',
  machine_id: MACHINE,
  machine_name: 'XN-1000',
  message_id: '4b6a9a3e-2f5d-4c8a-9e1b-7c6d5e4f3a21',
  reason: 'unmappedCode',
  detail: null,
  result: {
    specimen_id: '2611280001',
    test_code: 'WBC',
    value: '7.2',
    unit: '10*3/uL',
    reference_range: '4-10',
    flags: [],
    status: 'F',
    run_at: '20261128090000',
    qc: false,
  },
  sample_id: null,
  sample_number: '2611280001',
  parameter_id: null,
  parameter_name: null,
  item_state: 'open',
  resolved_by: null,
  resolved_at: null,
  resolution_reason: null,
  item_created_at: STAMP,
  item_last_updated: STAMP,
  ...overrides,
});
