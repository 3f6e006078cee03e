import { AdminRow, emptyRights, RecordRow, type SampleRow, type UserData } from '@sil/contract';

/** A sample as the server answers it, registered and not yet started; `overrides` set what a test needs. */
export function aSample(overrides: Partial<SampleRow> = {}): SampleRow {
  return {
    sample_id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
    sample_number: '2611230001-01',
    sample_record: '0b7f1c1e-8a2b-4c3d-9e4f-0a1b2c3d4e5f',
    sample_type: null,
    sample_matrix: null,
    sample_analyses: ['1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f'],
    sample_status: 1,
    sample_collection_datetime: null,
    sample_collector: null,
    sample_linked_sample: null,
    sample_additional: false,
    sample_observations: null,
    sample_interpretation: null,
    sample_nct_active: false,
    sample_nct_code: null,
    sample_nct_description: null,
    sample_nct_solution: null,
    sample_lbloc_flag: false,
    sample_lbloc_description: null,
    sample_machine: null,
    sample_prepared_by: null,
    sample_prepared_at: null,
    sample_injected_by: null,
    sample_injected_at: null,
    sample_removed_by: null,
    sample_removed_at: null,
    sample_validated_by: null,
    sample_validated_at: null,
    sample_last_updated: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

/** A record row as the contract answers it (receive-record, scan-record), received and not started. */
export function aRecord(overrides: Partial<RecordRow> = {}): RecordRow {
  const stamp = '2026-11-23T10:00:00.000Z';
  const flags = [
    'record_unresolved_nca',
    'record_lbloc_flag',
    'record_annulr_flag',
    'record_pending_fax',
    'record_pending_phone',
    'record_pending_post',
    'record_pending_paper',
    'record_pending_online',
    'record_pending_insurance_report',
    'record_pending_occupational_physician',
    'record_locked',
  ];
  const empty = [
    'record_lbloc_description',
    'record_annulment_explanation',
    'record_replaced_by',
    'record_replaces',
    'record_scanned_at',
    'record_validated_at',
  ];
  return RecordRow.parse({
    record_id: '0b7f1c1e-8a2b-4c3d-9e4f-0a1b2c3d4e5f',
    record_number: '2611230001',
    record_patient: '0b9f3c1e-6a52-4c1d-9e57-3f1a2b4c5d6e',
    record_status: 1,
    record_password: 'k3y',
    record_selected_analyses: [],
    record_created: stamp,
    record_last_updated: stamp,
    record_received_at: stamp,
    ...Object.fromEntries(flags.map((flag) => [flag, false])),
    ...Object.fromEntries(empty.map((field) => [field, null])),
    ...overrides,
  });
}

/** The signed-in user as get-user-data answers it: an internal user with no rights, French, light. */
export function aUserData(overrides: Partial<UserData> = {}): UserData {
  return {
    admin_uid: '6f1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f',
    user_name: 'Biologiste',
    user_email: 'biologiste@lab.example',
    user_phone_num: null,
    email_verified: true,
    phone_verified: false,
    otp_enabled: false,
    user_type: 'internal',
    user_external: false,
    user_is_prescriber: false,
    external_account_type: null,
    laboratory_id: '7a1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f',
    laboratory_name: 'Laboratoire',
    preferences: {
      theme: 'light',
      color_blind: false,
      font_size: 'medium',
      locale: 'fr',
      notifications: 'none',
    },
    rights: emptyRights('internal'),
    admin_last_updated: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A user as the users page lists them (get-admin), enabled: `aUserData` without what only the user sees. */
export function anAdminRow(overrides: Partial<AdminRow> = {}): AdminRow {
  return AdminRow.parse({ ...aUserData(), user_disabled: false, ...overrides });
}
