import { createHash, randomUUID } from 'node:crypto';
import {
  ADMIN_KEYS,
  type ApiRouteDef,
  apiTable,
  callNameOf,
  decideAccess,
  type EntityName,
  ERROR_STATUS,
  type ErrorCode,
  entities,
  errorAnswersOf,
  type GrantedRights,
  type Rights,
  referenceRoutes,
} from '@sil/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laboratories, recordReports, records, users } from '../src/db/schema/index.js';
import { SYSTEM_ACTOR, writeTransaction } from '../src/lib/transaction.js';
import { rightsColumns } from '../src/modules/users/index.js';
import {
  call,
  DATABASES,
  DEMO_DIGEST,
  digest,
  login,
  multipart,
  newMachineId,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

/**
 * The access matrix (issue 10, 'Tests that stay'): every call of the route table × every kind of
 * user × no token × the ids of another laboratory, another clinic and another prescriber. What each
 * cell must answer is computed from the call's access rule; no answer may carry another
 * laboratory's data. A call added to the table without a case here fails the test.
 */

type Json = Record<string, unknown>;

/** The kinds of user (spec.md §6) the matrix runs as, by e-mail; the caller without a token comes on top. */
const USERS = {
  administrator: 'admin@demo.lab',
  biologist: 'biologiste@demo.lab',
  technician: 'technicien@demo.lab',
  frontDesk: 'secretariat@demo.lab',
  clinicMedical: 'clinique@demo.lab',
  clinicBilling: 'facturation@demo.lab',
  prescriber: 'prescripteur@demo.lab',
  noRights: 'aucun-droit@demo.lab',
  readOnly: 'lecture@demo.lab',
} as const;
type UserKind = keyof typeof USERS;
const PORTAL_USERS: readonly UserKind[] = ['clinicMedical', 'clinicBilling', 'prescriber'];

/** What one laboratory (or one clinic's corner of it) holds, for the calls to aim at. */
interface Holdings {
  /** One row of each reference table, by table, with its stamp. */
  ref: Record<EntityName, string>;
  stamp: Record<EntityName, string>;
  patient: string;
  patientStamp: string;
  record: string;
  recordStamp: string;
  recordNumber: string;
  sample: string;
  upload: string;
  /** A stored result report of the record. */
  report: string;
  user: string;
  userStamp: string;
  backup: string;
}

interface Fixture {
  /** The caller's laboratory: what the demo clinic and the demo prescriber own. */
  own: Holdings;
  /** The same laboratory, another clinic and another prescriber. */
  otherOwner: Holdings;
  /** Another laboratory of the same database. */
  otherLab: Holdings;
}

type Expected =
  /** 200 */
  | 'ok'
  /** Any answer of the call's own rules: below 500 or a declared code, never an access refusal. */
  | 'done'
  | ErrorCode;

interface RouteCase {
  /** The call on the caller's own data. */
  own: (f: Fixture) => InjectOptions;
  /** What a caller whom the access rule lets through gets with `own`. */
  ownAnswer: Expected;
  /** The call aimed at data the caller must not reach: each must answer not found (or an empty export). */
  foreign?: (target: Holdings, f: Fixture) => Array<InjectOptions | Guarded>;
  /** `listed`: 200, the leak check says the rest. */
  foreignAnswer?: 'notFound' | 'empty' | 'listed';
  /** Clinic users and prescribers must not reach the same laboratory's other clinic's or prescriber's data either. */
  portalScoped?: boolean;
}

/** A request that the service first checks against a right of its own (changing a patient needs admin_patients 2). */
interface Guarded {
  request: InjectOptions;
  needs: (rights: Rights) => ErrorCode | undefined;
}
const isGuarded = (item: InjectOptions | Guarded): item is Guarded => 'needs' in item;

const STALE = '2020-01-01T00:00:00.000Z';
const validationRule = (analysis: string) => ({
  rule_analysis: analysis,
  rule_last_updated: STALE,
  rule_in_range: true,
  rule_delta: true,
  rule_no_marks: true,
  rule_no_comment: false,
  rule_patient_not_flagged: false,
});
const PDF = Buffer.from('%PDF-1.4\n% matrice\n');
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: Json): InjectOptions => ({
  method,
  url,
  payload,
});
const upload = (fields: Record<string, string>): InjectOptions => ({
  method: 'POST',
  url: '/api/upload-file',
  ...multipart(fields, { name: 'scan.pdf', bytes: PDF }),
});

/** A generic-layout instrument file naming a sample no laboratory has. */
const instrumentFile = (url: string, fields: Record<string, string>): InjectOptions => ({
  method: 'POST',
  url,
  ...multipart(
    { file_type: 'qualitative', ...fields },
    {
      name: 'results.csv',
      bytes: Buffer.from('echantillon;code;resultat\r\nZZ-NO-SUCH-SAMPLE;HCG;positif\r\n'),
    },
  ),
});

const patientEditor = (rights: Rights): ErrorCode | undefined => {
  if (rights.admin_patients >= 2) return undefined;
  return rights.admin_patients === 0 ? 'noAdminRights' : 'insufficientAdminRights';
};

/** A new row of each reference table, valid in the caller's laboratory. */
function newRow(name: EntityName, f: Fixture): Json {
  const tag = unique();
  const code = `Z${tag.slice(-3).toUpperCase().padStart(3, '0')}`;
  switch (name) {
    case 'matrices':
      return { matrix_name: `Matrice ${tag}` };
    case 'families':
      return { family_name: `Famille ${tag}` };
    case 'machines':
      return { machine_name: `Automate ${tag}`, machine_code: `M-${tag}` };
    case 'sample_types':
      return { sample_type_name: `Tube ${tag}` };
    case 'clinics':
      return { clinic_name: `Clinique ${tag}`, clinic_code: `C-${tag}` };
    case 'collectors':
      return {
        collector_surname: `Préleveur ${tag}`,
        collector_name: 'Ana',
        collector_owner: f.own.ref.clinics,
      };
    case 'prescribers':
      return { prescriber_surname: `Docteur ${tag}`, prescriber_name: 'Luc' };
    case 'nabms':
      return { nabm_code: code, nabm_wording: `Acte ${tag}` };
    case 'parameters':
      return { parameter_name: `Paramètre ${tag}`, parameter_machine: f.own.ref.machines };
    case 'analyses':
      return {
        analysis_name: `Analyse ${tag}`,
        analysis_matrix: f.own.ref.matrices,
        analysis_parameters: [f.own.ref.parameters],
      };
  }
}

/** The fields of each reference table that name a row of another table. */
const FOREIGN_KEYS: Partial<Record<EntityName, Array<[field: string, table: EntityName, isArray: boolean]>>> =
  {
    collectors: [['collector_owner', 'clinics', false]],
    parameters: [
      ['parameter_machine', 'machines', false],
      ['parameter_family', 'families', false],
      ['parameter_matrix', 'matrices', false],
    ],
    analyses: [
      ['analysis_matrix', 'matrices', false],
      ['analysis_family', 'families', false],
      ['analysis_sample_type', 'sample_types', false],
      ['analysis_nabm_codes', 'nabms', true],
      ['analysis_machines', 'machines', true],
      ['analysis_parameters', 'parameters', true],
    ],
  };

/** A list: all the caller may see, then searched for the other laboratory's names (found in the caller's only). */
const listCase = (path: string, ...searches: string[]): RouteCase => ({
  own: () => get(`${path}?number_of_records=500`),
  ownAnswer: 'ok',
  foreign: () =>
    ['Xenon', ...searches].map((search) =>
      get(`${path}?number_of_records=500&search=${encodeURIComponent(search)}`),
    ),
  foreignAnswer: 'listed',
});

/** The generated calls of every reference table. */
function referenceCases(): Record<string, RouteCase> {
  const cases: Record<string, RouteCase> = {};
  for (const name of Object.keys(entities) as EntityName[]) {
    const entity = entities[name];
    const ops = referenceRoutes(entity);
    const { idField, stampField } = entity;
    const keys = FOREIGN_KEYS[name] ?? [];
    const pointing = (t: Holdings) =>
      keys.map(([field, table, isArray]) => [field, isArray ? [t.ref[table]] : t.ref[table]] as const);
    const portalScoped = name === 'collectors';
    cases[callNameOf(ops.list.path)] = listCase(ops.list.path);
    cases[callNameOf(ops.get.path)] = {
      own: (f) => get(`${ops.get.path}?${idField}=${f.own.ref[name]}`),
      ownAnswer: 'ok',
      foreign: (t) => [get(`${ops.get.path}?${idField}=${t.ref[name]}`)],
      portalScoped,
    };
    cases[callNameOf(ops.add.path)] = {
      own: (f) => send('POST', ops.add.path, newRow(name, f)),
      ownAnswer: 'ok',
      foreign: (t, f) =>
        pointing(t).map(([field, value]) =>
          send('POST', ops.add.path, { ...newRow(name, f), [field]: value }),
        ),
    };
    cases[callNameOf(ops.update.path)] = {
      own: (f) => send('PUT', ops.update.path, { [idField]: f.own.ref[name], [stampField]: STALE }),
      ownAnswer: 'staleUpdate',
      foreign: (t, f) => [
        send('PUT', ops.update.path, { [idField]: t.ref[name], [stampField]: t.stamp[name] }),
        ...pointing(t).map(([field, value]) =>
          send('PUT', ops.update.path, {
            [idField]: f.own.ref[name],
            [stampField]: f.own.stamp[name],
            [field]: value,
          }),
        ),
      ],
    };
    cases[callNameOf(ops.delete.path)] = {
      own: () => send('DELETE', ops.delete.path, { ids: [name === 'nabms' ? 'ZZZZ' : randomUUID()] }),
      ownAnswer: entity.notFound,
      foreign: (t) => [send('DELETE', ops.delete.path, { ids: [t.ref[name]] })],
    };
    cases[callNameOf(ops.export.path)] = {
      own: () => get(`${ops.export.path}?format=csv`),
      ownAnswer: 'ok',
      foreign: (t) => [get(`${ops.export.path}?format=csv&ids[]=${t.ref[name]}`)],
      foreignAnswer: 'empty',
    };
  }
  return cases;
}

const recordQuery = (path: string): RouteCase => ({
  own: (f) => get(`${path}?record_id=${f.own.record}`),
  ownAnswer: 'ok',
  foreign: (t) => [get(`${path}?record_id=${t.record}`)],
  portalScoped: true,
});
const newPatient = () => ({
  patient_surname: 'Nouveau',
  patient_name: 'Né',
  patient_gender: 'M',
  patient_dob: '1990-03-04',
});
const analysesOf = (t: Holdings) => [{ combination: 1, analysis_ids: [t.ref.analyses] }];
/** An external record for a new patient, collected by the holdings' (clinic's) collector. */
const externalRecord = (t: Holdings) => ({
  patient_surname: 'Externe',
  patient_name: 'Lou',
  patient_gender: 'F',
  patient_dob: '1991-05-06',
  record_collector: t.ref.collectors,
  record_collection_datetime: '2026-01-05T08:30',
  record_selected_analyses: analysesOf(t),
});

/** A destination of result exchange, with the stale stamp. */
const exchangeDestination = (prescribers: Json[]) => ({
  exchange_format: 'fhir',
  exchange_url: 'https://results.example/fhir',
  exchange_prescribers: prescribers,
  laboratory_last_updated: STALE,
});

/** Every call of the route table, with its requests. */
/** The passphrase every laboratory of the matrix encrypts its backups with. */
const BACKUP_PASSPHRASE = 'matrice des droits de sauvegarde';

const CASES: Record<string, RouteCase> = {
  // Accounts and sessions.
  login: {
    own: () =>
      send('POST', '/auth/login', {
        email: USERS.readOnly,
        password: digest('Lecture-2026!'),
        auth_machine_id: newMachineId(),
      }),
    ownAnswer: 'ok',
  },
  loginWithOtp: {
    own: () =>
      send('POST', '/auth/login-with-otp', {
        email: USERS.readOnly,
        auth_machine_id: newMachineId(),
        otp_code: '123456',
      }),
    ownAnswer: 'done',
  },
  refreshTokens: {
    own: (f) =>
      send('POST', '/auth/refresh-tokens', {
        uid: f.own.user,
        auth_machine_id: newMachineId(),
        refresh_token: 'not-a-refresh-token',
      }),
    ownAnswer: 'invalidRefreshToken',
  },
  isAccessTokenValid: {
    own: (f) =>
      send('POST', '/auth/is-access-token-valid', {
        uid: f.own.user,
        auth_machine_id: newMachineId(),
        access_token: 'not-an-access-token',
      }),
    ownAnswer: 'invalidAccessToken',
  },
  logout: {
    own: () => send('PUT', '/auth/logout', { refresh_token: 'not-a-refresh-token' }),
    ownAnswer: 'invalidRefreshToken',
  },
  addNewUser: {
    own: () =>
      send('POST', '/auth/add-new-user', { user_name: 'Nouvel', user_email: `u${unique()}@demo.lab` }),
    ownAnswer: 'ok',
  },
  addNewExternalUser: {
    own: (f) =>
      send('POST', '/auth/add-new-external-user', {
        user_name: 'Externe',
        user_email: `e${unique()}@demo.lab`,
        clinic_id: f.own.ref.clinics,
        external_account_type: 'medical',
      }),
    ownAnswer: 'ok',
    foreign: (t) => [
      send('POST', '/auth/add-new-external-user', {
        user_name: 'Externe',
        user_email: `e${unique()}@demo.lab`,
        clinic_id: t.ref.clinics,
        external_account_type: 'medical',
      }),
    ],
  },
  addNewPrescriberUser: {
    own: (f) =>
      send('POST', '/auth/add-new-prescriber-user', {
        user_name: 'Dr P',
        user_email: `p${unique()}@demo.lab`,
        prescriber_id: f.own.ref.prescribers,
      }),
    ownAnswer: 'ok',
    foreign: (t) => [
      send('POST', '/auth/add-new-prescriber-user', {
        user_name: 'Dr P',
        user_email: `p${unique()}@demo.lab`,
        prescriber_id: t.ref.prescribers,
      }),
    ],
  },
  requestPasswordReset: {
    own: () => send('PUT', '/api/request-password-reset', { email: 'personne@ailleurs.lab' }),
    ownAnswer: 'done',
  },
  resetPassword: {
    own: () =>
      send('PUT', '/api/reset-password', { reset_password_link: 'x'.repeat(32), new_password: DEMO_DIGEST }),
    ownAnswer: 'resetNotFound',
  },
  getUserData: { own: () => get('/api/get-user-data'), ownAnswer: 'ok' },
  updateUserPreferences: {
    own: () => send('PUT', '/api/update-user-preferences', { theme: 'light' }),
    ownAnswer: 'ok',
  },
  requestEmailVerification: {
    own: () => send('PUT', '/api/request-email-verification', {}),
    ownAnswer: 'done',
  },
  requestPhoneVerification: {
    own: () => send('PUT', '/api/request-phone-verification', {}),
    ownAnswer: 'done',
  },
  verifyEmail: {
    own: () => send('PUT', '/api/verify-email', { verification_token: 'x'.repeat(32) }),
    ownAnswer: 'verificationNotFound',
  },
  verifyPhoneNumber: {
    own: () => send('PUT', '/api/verify-phone-number', { verification_token: 'x'.repeat(32) }),
    ownAnswer: 'verificationNotFound',
  },
  getAdmins: { own: () => get('/api/get-admins'), ownAnswer: 'ok' },
  getAdmin: {
    own: (f) => get(`/api/get-admin?admin_uid=${f.own.user}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/get-admin?admin_uid=${t.user}`)],
  },
  updateAdminAccess: {
    own: (f) => send('PUT', '/api/update-admin-access', { admin_uid: f.own.user, admin_last_updated: STALE }),
    ownAnswer: 'staleUpdate',
    foreign: (t) => [
      send('PUT', '/api/update-admin-access', { admin_uid: t.user, admin_last_updated: t.userStamp }),
      send('PUT', '/api/update-admin-access', {
        admin_uid: t.user,
        admin_last_updated: t.userStamp,
        user_disabled: true,
      }),
    ],
  },
  addBackup: { own: () => send('POST', '/api/add-backup', { tables: ['matrices'] }), ownAnswer: 'ok' },
  getBackups: { own: () => get('/api/get-backups'), ownAnswer: 'ok' },
  downloadBackup: {
    own: (f) => get(`/api/download-backup?backup_id=${f.own.backup}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/download-backup?backup_id=${t.backup}`)],
  },
  // Restoring the laboratory's own backup of its matrices: every row is there, nothing written.
  restoreBackup: {
    own: (f) =>
      send('POST', '/api/restore-backup', { backup_id: f.own.backup, passphrase: BACKUP_PASSPHRASE }),
    ownAnswer: 'ok',
    foreign: (t) => [
      send('POST', '/api/restore-backup', { backup_id: t.backup, passphrase: BACKUP_PASSPHRASE }),
    ],
  },
  getBackupKey: { own: () => get('/api/get-backup-key'), ownAnswer: 'ok' },
  getBackupSchedule: { own: () => get('/api/get-backup-schedule'), ownAnswer: 'ok' },
  setBackupSchedule: {
    own: () =>
      send('PUT', '/api/set-backup-schedule', {
        schedule_enabled: false,
        schedule_hour: 2,
        keep_daily: 7,
        keep_weekly: 4,
        keep_monthly: 12,
      }),
    ownAnswer: 'ok',
  },
  setBackupPassphrase: {
    own: () => send('PUT', '/api/set-backup-passphrase', { passphrase: BACKUP_PASSPHRASE }),
    ownAnswer: 'ok',
  },

  // Patients, records and samples.
  getPatients: listCase('/api/get-patients', '02/01/1980'),
  getPatient: {
    own: (f) => get(`/api/get-patient?patient_id=${f.own.patient}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/get-patient?patient_id=${t.patient}`)],
  },
  getPatientHistory: {
    own: (f) => get(`/api/get-patient-history?patient_id=${f.own.patient}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/get-patient-history?patient_id=${t.patient}`)],
  },
  addPatient: {
    own: (f) =>
      send('POST', '/api/add-patient', {
        patient_id: f.own.patient,
        record_selected_analyses: analysesOf(f.own),
      }),
    ownAnswer: 'ok',
    foreign: (t, f) => {
      const base = { patient_id: f.own.patient, record_selected_analyses: analysesOf(f.own) };
      return [
        { ...base, patient_id: t.patient },
        { ...base, record_selected_analyses: analysesOf(t) },
        { ...base, record_owner: t.ref.clinics },
        { ...base, record_prescriber: t.ref.prescribers },
        { ...base, record_collector: t.ref.collectors },
        { ...base, record_linked_records: [t.record] },
      ]
        .map((payload): InjectOptions | Guarded => send('POST', '/api/add-patient', payload))
        .concat({
          request: send('POST', '/api/add-patient', {
            ...newPatient(),
            patient_owner: t.ref.clinics,
            record_selected_analyses: analysesOf(f.own),
          }),
          needs: patientEditor,
        });
    },
  },
  updatePatient: {
    own: (f) => send('PUT', '/api/update-patient', { record_id: f.own.record, record_last_updated: STALE }),
    ownAnswer: 'staleUpdate',
    foreign: (t, f) => {
      const mine = { record_id: f.own.record, record_last_updated: STALE };
      return [
        { record_id: t.record, record_last_updated: t.recordStamp, record_internal_notes: 'x' },
        { ...mine, record_owner: t.ref.clinics },
        { ...mine, record_prescriber: t.ref.prescribers },
        { ...mine, record_collector: t.ref.collectors },
        { ...mine, record_linked_records: [t.record] },
      ]
        .map((payload): InjectOptions | Guarded => send('PUT', '/api/update-patient', payload))
        .concat(
          [
            { patient_id: t.patient, patient_last_updated: t.patientStamp, patient_name: 'Intrus' },
            { patient_id: f.own.patient, patient_last_updated: STALE, patient_owner: t.ref.clinics },
          ].map((payload) => ({
            request: send('PUT', '/api/update-patient', payload),
            needs: patientEditor,
          })),
        );
    },
  },
  getRecords: listCase('/api/get-records', '02/01/1980'),
  getRecord: recordQuery('/api/get-record'),
  updateRecordStatus: {
    own: (f) =>
      send('PUT', '/api/update-record-status', {
        record_id: f.own.record,
        record_last_updated: STALE,
        record_status: 5,
      }),
    ownAnswer: 'done',
    foreign: (t) => [
      send('PUT', '/api/update-record-status', {
        record_id: t.record,
        record_last_updated: t.recordStamp,
        record_status: 1,
      }),
    ],
  },
  updateRecordComments: {
    own: (f) =>
      send('PUT', '/api/update-record-comments', {
        record_id: f.own.record,
        record_last_updated: STALE,
        record_internal_notes: 'Vu',
      }),
    ownAnswer: 'done',
    foreign: (t) => [
      send('PUT', '/api/update-record-comments', {
        record_id: t.record,
        record_last_updated: t.recordStamp,
        record_internal_notes: 'Intrusion',
      }),
    ],
  },
  cancelRecord: {
    own: (f) =>
      send('PUT', '/api/cancel-record', {
        record_id: f.own.record,
        record_last_updated: STALE,
        record_annulment_explanation: 'Erreur de saisie',
      }),
    ownAnswer: 'staleUpdate',
    foreign: (t) => [
      send('PUT', '/api/cancel-record', {
        record_id: t.record,
        record_last_updated: t.recordStamp,
        record_annulment_explanation: 'Intrusion',
        replace: false,
      }),
    ],
  },
  receiveRecord: {
    own: (f) => send('PUT', '/api/receive-record', { record_id: f.own.record }),
    ownAnswer: 'done',
    foreign: (t) => [send('PUT', '/api/receive-record', { record_id: t.record })],
  },
  // A tube's sample number: the record's number and the tube's rank (its first tube, -01).
  receiveSample: {
    own: (f) => send('PUT', '/api/receive-sample', { sample_number: `${f.own.recordNumber}-01` }),
    ownAnswer: 'done',
    foreign: (t) => [send('PUT', '/api/receive-sample', { sample_number: `${t.recordNumber}-01` })],
  },
  scanRecord: {
    own: (f) => send('PUT', '/api/scan-record', { record_number: f.own.recordNumber }),
    ownAnswer: 'done',
    foreign: (t) => [send('PUT', '/api/scan-record', { record_number: t.recordNumber })],
  },
  getRecordTrace: recordQuery('/api/get-record-trace'),
  getSamples: listCase('/api/get-samples'),
  getSample: {
    own: (f) => get(`/api/get-sample?sample_id=${f.own.sample}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/get-sample?sample_id=${t.sample}`)],
  },
  updateSample: {
    // The stamp of another moment: the call is allowed and reaches the sample's lost-update guard.
    own: (f) =>
      send('PUT', '/api/update-sample', {
        sample_id: f.own.sample,
        sample_last_updated: '2020-01-01T00:00:00.000Z',
        sample_observations: 'Contrôle',
      }),
    ownAnswer: 'staleUpdate',
    foreign: (t) => [
      send('PUT', '/api/update-sample', {
        sample_id: t.sample,
        sample_last_updated: '2020-01-01T00:00:00.000Z',
        sample_observations: 'Contrôle',
      }),
    ],
  },
  updateSampleStatus: {
    own: (f) => send('PUT', '/api/update-sample-status', { sample_id: f.own.sample, sample_status: 0 }),
    ownAnswer: 'done',
    foreign: (t) => [send('PUT', '/api/update-sample-status', { sample_id: t.sample, sample_status: 1 })],
  },
  getPatientResults: {
    own: (f) => get(`/api/get-patient-results?patient_id=${f.own.patient}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/get-patient-results?patient_id=${t.patient}`)],
  },
  // Analysers and their agents (issue 41). The agent's own calls refuse every user's session.
  addAgent: {
    own: () => send('POST', '/api/add-agent', { agent_name: `Agent ${unique()}` }),
    ownAnswer: 'ok',
  },
  getAgents: { own: () => get('/api/get-agents'), ownAnswer: 'ok' },
  revokeAgent: {
    own: () => send('POST', '/api/revoke-agent', { agent_id: randomUUID(), agent_last_updated: STALE }),
    ownAnswer: 'agentNotFound',
  },
  rotateAgentCredential: {
    own: () =>
      send('POST', '/api/rotate-agent-credential', { agent_id: randomUUID(), agent_last_updated: STALE }),
    ownAnswer: 'agentNotFound',
  },
  enrolAgent: {
    own: () => send('POST', '/api/enrol-agent', { enrolment_code: 'AAAA-BBBB-CCCC-DDDD' }),
    ownAnswer: 'enrolmentCodeInvalid',
  },
  getAgentConfiguration: { own: () => get('/api/get-agent-configuration'), ownAnswer: 'ok' },
  postAnalyserMessages: {
    own: () => send('POST', '/api/post-analyser-messages', { messages: [] }),
    ownAnswer: 'ok',
  },
  getAnalyserOrders: {
    own: (f) => get(`/api/get-analyser-orders?machine_id=${f.own.ref.machines}&specimen_id=1`),
    ownAnswer: 'ok',
  },
  getAnalyserDownloads: { own: () => get('/api/get-analyser-downloads'), ownAnswer: 'ok' },
  acknowledgeAnalyserOrders: {
    own: () =>
      send('POST', '/api/acknowledge-analyser-orders', {
        deliveries: [{ order_id: randomUUID(), sent_at: STALE, raw_text: 'L|1|N', accepted: true }],
      }),
    ownAnswer: 'ok',
  },
  reportAnalyserState: {
    own: () => send('POST', '/api/report-analyser-state', { states: [] }),
    ownAnswer: 'ok',
  },
  getAnalyserMessages: {
    own: (f) => get(`/api/get-analyser-messages?machine_id=${f.own.ref.machines}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/get-analyser-messages?machine_id=${t.ref.machines}`)],
  },
  getAnalyserStates: { own: () => get('/api/get-analyser-states'), ownAnswer: 'ok' },
  getReconciliationItems: { own: () => get('/api/get-reconciliation-items'), ownAnswer: 'ok' },
  resolveReconciliationItem: {
    own: () =>
      send('POST', '/api/resolve-reconciliation-item', {
        item_id: randomUUID(),
        item_last_updated: STALE,
        resolution: { action: 'discard', reason: 'matrice' },
      }),
    ownAnswer: 'reconciliationItemNotFound',
  },
  getAnalyserMappings: {
    own: (f) => get(`/api/get-analyser-mappings?machine_id=${f.own.ref.machines}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/get-analyser-mappings?machine_id=${t.ref.machines}`)],
  },
  updateAnalyserMappings: {
    own: (f) =>
      send('PUT', '/api/update-analyser-mappings', { machine_id: f.own.ref.machines, mappings: [] }),
    ownAnswer: 'ok',
    foreign: (t) => [
      send('PUT', '/api/update-analyser-mappings', { machine_id: t.ref.machines, mappings: [] }),
    ],
  },
  getImportMappings: {
    own: (f) => get(`/api/get-import-mappings?file_type=covid19Pcr&machine_id=${f.own.ref.machines}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/get-import-mappings?file_type=covid19Pcr&machine_id=${t.ref.machines}`)],
  },
  updateImportMappings: {
    // An empty mapping for a type nobody maps: every allowed caller gets the same answer.
    own: (f) =>
      send('PUT', '/api/update-import-mappings', {
        file_type: 'thcD3Istd',
        machine_id: f.own.ref.machines,
        mappings: [],
      }),
    ownAnswer: 'ok',
    foreign: (t, f) => [
      send('PUT', '/api/update-import-mappings', {
        file_type: 'thcD3Istd',
        machine_id: t.ref.machines,
        mappings: [],
      }),
      send('PUT', '/api/update-import-mappings', {
        file_type: 'thcD3Istd',
        machine_id: f.own.ref.machines,
        mappings: [{ instrument_code: 'THC-COOH-d3', parameter_id: t.ref.parameters }],
      }),
    ],
  },
  getSampleResults: {
    own: (f) => get(`/api/get-sample-results?sample_id=${f.own.sample}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/get-sample-results?sample_id=${t.sample}`)],
  },
  updateSampleResults: {
    // Removing a result never entered changes nothing, so every allowed caller gets the same answer.
    own: (f) =>
      send('PUT', '/api/update-sample-results', {
        sample_id: f.own.sample,
        results: [{ parameter_id: f.own.ref.parameters, result_value: null }],
      }),
    ownAnswer: 'done',
    foreign: (t) => [
      send('PUT', '/api/update-sample-results', {
        sample_id: t.sample,
        results: [{ parameter_id: t.ref.parameters, result_value: 1 }],
      }),
    ],
  },
  previewRecord: {
    own: (f) => get(`/api/preview-record?record_id=${f.own.record}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/preview-record?record_id=${t.record}`)],
  },
  getRecordsToValidate: { own: () => get('/api/get-records-to-validate'), ownAnswer: 'ok' },
  // The demo record is not pending validation: every allowed caller gets the same refusal.
  validateRecord: {
    own: (f) => send('PUT', '/api/validate-record', { record_id: f.own.record, sample_ids: [f.own.sample] }),
    ownAnswer: 'done',
    foreign: (t) => [send('PUT', '/api/validate-record', { record_id: t.record, sample_ids: [t.sample] })],
  },
  setRecordInterpretation: {
    own: (f) =>
      send('PUT', '/api/set-record-interpretation', {
        record_id: f.own.record,
        record_interpretation: 'Contrôle des droits',
        record_last_updated: STALE,
      }),
    ownAnswer: 'done',
    foreign: (t) => [
      send('PUT', '/api/set-record-interpretation', {
        record_id: t.record,
        record_interpretation: 'Contrôle des droits',
        record_last_updated: STALE,
      }),
    ],
  },
  getValidationRules: { own: () => get('/api/get-validation-rules'), ownAnswer: 'ok' },
  getRuleValidationQueue: { own: () => get('/api/get-rule-validation-queue'), ownAnswer: 'ok' },
  // A stale stamp: every allowed caller is refused by the rule's own check, never by access.
  setValidationRule: {
    own: (f) => send('PUT', '/api/set-validation-rule', validationRule(f.own.ref.analyses)),
    ownAnswer: 'done',
    foreign: (t) => [send('PUT', '/api/set-validation-rule', validationRule(t.ref.analyses))],
  },
  deleteValidationRule: {
    own: (f) => send('DELETE', '/api/delete-validation-rule', { rule_analysis: f.own.ref.analyses }),
    ownAnswer: 'done',
    foreign: (t) => [send('DELETE', '/api/delete-validation-rule', { rule_analysis: t.ref.analyses })],
    // Another laboratory's rule is never found: nothing deleted, said as such.
    foreignAnswer: 'listed',
  },
  // The demo record is not pending validation: it does not pass, nothing is validated.
  validateByRules: {
    own: (f) => send('PUT', '/api/validate-by-rules', { record_ids: [f.own.record] }),
    ownAnswer: 'done',
    foreign: (t) => [send('PUT', '/api/validate-by-rules', { record_ids: [t.record] })],
    // Each record is answered on its own: another laboratory's is skipped as not found.
    foreignAnswer: 'listed',
  },
  invalidateRecord: {
    own: (f) =>
      send('PUT', '/api/invalidate-record', {
        record_id: f.own.record,
        sample_ids: [f.own.sample],
        reason: 'Contrôle des droits',
      }),
    ownAnswer: 'done',
    foreign: (t) => [
      send('PUT', '/api/invalidate-record', {
        record_id: t.record,
        sample_ids: [t.sample],
        reason: 'Contrôle des droits',
      }),
    ],
  },
  getRecordNonconformities: {
    own: (f) => get(`/api/get-record-nonconformities?record_id=${f.own.record}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/get-record-nonconformities?record_id=${t.record}`)],
  },
  addAne: {
    own: (f) =>
      send('POST', '/api/add-ane', {
        record_id: f.own.record,
        analysis_id: f.own.ref.analyses,
        ane_code: 'ane1',
      }),
    ownAnswer: 'done',
    foreign: (t) => [
      send('POST', '/api/add-ane', { record_id: t.record, analysis_id: t.ref.analyses, ane_code: 'ane1' }),
    ],
  },
  addNca: {
    own: (f) => send('POST', '/api/add-nca', { record_id: f.own.record, nca_code: 'nca7' }),
    ownAnswer: 'done',
    foreign: (t) => [send('POST', '/api/add-nca', { record_id: t.record, nca_code: 'nca7' })],
  },
  resolveNca: {
    own: () => send('PUT', '/api/resolve-nca', { nca_id: randomUUID(), nca_solution: 'Corrigé' }),
    ownAnswer: 'ncaNotFound',
  },
  // Stamps of another moment: the calls are allowed and reach the sample's or record's lost-update guard.
  openNct: {
    own: (f) =>
      send('PUT', '/api/open-nct', {
        sample_id: f.own.sample,
        sample_last_updated: STALE,
        sample_nct_code: 'nct1',
      }),
    ownAnswer: 'staleUpdate',
    foreign: (t) => [
      send('PUT', '/api/open-nct', {
        sample_id: t.sample,
        sample_last_updated: STALE,
        sample_nct_code: 'nct1',
      }),
    ],
  },
  closeNct: {
    own: (f) =>
      send('PUT', '/api/close-nct', {
        sample_id: f.own.sample,
        sample_last_updated: STALE,
        sample_nct_solution: 'Refait',
      }),
    ownAnswer: 'done',
    foreign: (t) => [
      send('PUT', '/api/close-nct', {
        sample_id: t.sample,
        sample_last_updated: STALE,
        sample_nct_solution: 'Refait',
      }),
    ],
  },
  updateSampleLbloc: {
    own: (f) =>
      send('PUT', '/api/update-sample-lbloc', {
        sample_id: f.own.sample,
        sample_last_updated: STALE,
        sample_lbloc_flag: false,
      }),
    ownAnswer: 'staleUpdate',
    foreign: (t) => [
      send('PUT', '/api/update-sample-lbloc', {
        sample_id: t.sample,
        sample_last_updated: STALE,
        sample_lbloc_flag: false,
      }),
    ],
  },
  updateRecordLbloc: {
    own: (f) =>
      send('PUT', '/api/update-record-lbloc', {
        record_id: f.own.record,
        record_last_updated: STALE,
        record_lbloc_flag: false,
      }),
    ownAnswer: 'staleUpdate',
    foreign: (t) => [
      send('PUT', '/api/update-record-lbloc', {
        record_id: t.record,
        record_last_updated: t.recordStamp,
        record_lbloc_flag: true,
        record_lbloc_description: 'Intrusion',
      }),
    ],
  },
  getRecordDeliveries: {
    own: (f) => get(`/api/get-record-deliveries?record_id=${f.own.record}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/get-record-deliveries?record_id=${t.record}`)],
  },
  // Unknown rows: every allowed caller reaches the service's own not-found.
  markDeliveryDone: {
    own: () => send('PUT', '/api/mark-delivery-done', { delivery_id: randomUUID() }),
    ownAnswer: 'deliveryNotFound',
  },
  markPhoneCallDone: {
    own: () => send('PUT', '/api/mark-phone-call-done', { call_id: randomUUID() }),
    ownAnswer: 'phoneCallNotFound',
  },
  retryDelivery: {
    own: () => send('PUT', '/api/retry-delivery', { delivery_id: randomUUID() }),
    ownAnswer: 'deliveryNotFound',
  },
  getDeliveryWorklist: { own: () => get('/api/get-delivery-worklist?channel=phone'), ownAnswer: 'ok' },
  openOnlineReport: {
    own: () =>
      send('POST', '/api/open-online-report', {
        record_number: 'INCONNU',
        record_password: 'mauvais',
        patient_dob: '1980-01-01',
      }),
    ownAnswer: 'done',
  },
  // Dashboard (issue 17): the caller's own laboratory only, nothing to aim at another's.
  getDashboard: { own: () => get('/api/get-dashboard'), ownAnswer: 'ok' },
  // Public: the load balancer's check (issue 43).
  getHealth: { own: () => get('/api/health'), ownAnswer: 'ok' },
  getWorklist: {
    own: (f) => get(`/api/get-worklist?machine_id=${f.own.ref.machines}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/get-worklist?machine_id=${t.ref.machines}`)],
  },
  addSample: {
    // A stamp of another moment: the call is allowed and reaches the record's lost-update guard.
    own: (f) =>
      send('POST', '/api/add-sample', {
        record_id: f.own.record,
        record_last_updated: STALE,
        sample_type: f.own.ref.sample_types,
        sample_matrix: f.own.ref.matrices,
        sample_analyses: [f.own.ref.analyses],
      }),
    ownAnswer: 'done',
    foreign: (t, f) =>
      [
        { record_id: t.record, sample_type: t.ref.sample_types, sample_matrix: t.ref.matrices },
        { record_id: f.own.record, sample_type: t.ref.sample_types, sample_matrix: f.own.ref.matrices },
        { record_id: f.own.record, sample_type: f.own.ref.sample_types, sample_matrix: t.ref.matrices },
        {
          record_id: f.own.record,
          sample_type: f.own.ref.sample_types,
          sample_matrix: f.own.ref.matrices,
          sample_linked_sample: t.sample,
        },
      ].map((payload) =>
        send('POST', '/api/add-sample', {
          record_last_updated: t.recordStamp,
          sample_analyses: [t.ref.analyses],
          ...payload,
        }),
      ),
  },
  getDuplicates: { own: () => get('/api/get-duplicates'), ownAnswer: 'ok' },
  resolveDuplicates: {
    own: (f) =>
      send('PUT', '/api/resolve-duplicates', {
        deletions: [{ patient_id: f.own.patient, replacement_patient_id: f.own.patient }],
      }),
    ownAnswer: 'invalidListOfPatientsToDelete',
    foreign: (t, f) => [
      send('PUT', '/api/resolve-duplicates', {
        deletions: [{ patient_id: t.patient, replacement_patient_id: f.otherOwner.patient }],
      }),
      send('PUT', '/api/resolve-duplicates', {
        deletions: [{ patient_id: f.otherOwner.patient, replacement_patient_id: t.patient }],
      }),
    ],
  },
  dismissDuplicates: {
    own: (f) =>
      send('PUT', '/api/dismiss-duplicates', {
        patient_ids: [f.own.patient, '00000000-0000-4000-8000-000000000000'],
      }),
    ownAnswer: 'patientNotFound',
    // Another laboratory's patient is never found, even beside one of the caller's.
    foreign: (t, f) => [
      send('PUT', '/api/dismiss-duplicates', {
        patient_ids: [t.patient, t === f.otherLab ? f.own.patient : '00000000-0000-4000-8000-000000000000'],
      }),
    ],
  },
  checkInsIdentity: {
    own: (f) =>
      send('PUT', '/api/check-ins-identity', { patient_id: f.own.patient, patient_last_updated: STALE }),
    ownAnswer: 'done',
    foreign: (t) => [
      send('PUT', '/api/check-ins-identity', { patient_id: t.patient, patient_last_updated: t.patientStamp }),
    ],
  },
  deleteRecords: {
    // An unknown id: deleting the fixture's own record would take it from the other cells.
    own: () =>
      send('DELETE', '/api/delete-records', { record_ids: ['00000000-0000-4000-8000-000000000000'] }),
    ownAnswer: 'recordNotFound',
    foreign: (t) => [send('DELETE', '/api/delete-records', { record_ids: [t.record] })],
  },
  getInsFromIdentityInformation: {
    own: () =>
      get(
        '/api/get-ins-from-identity-information?last_name=MARTIN&first_name=Paul&sex=M&birthday=1970-05-06',
      ),
    ownAnswer: 'done',
  },

  // Documents and files of a record.
  getExternalRequestForm: recordQuery('/reports/get-external-request-form'),
  getPrescription: recordQuery('/reports/get-prescription'),
  getBarcodeLabels: recordQuery('/reports/get-barcode-labels'),
  getPasswordLabel: recordQuery('/reports/get-password-label'),
  getLabelData: recordQuery('/api/get-label-data'),
  previewReport: recordQuery('/reports/preview-report'),
  getReportVersions: recordQuery('/api/get-report-versions'),
  getValidatedResults: recordQuery('/api/get-validated-results'),
  getUploads: {
    own: (f) => get(`/api/get-uploads?record_id=${f.own.record}`),
    ownAnswer: 'ok',
    foreign: (t) => [
      get(`/api/get-uploads?record_id=${t.record}`),
      get(`/api/get-uploads?patient_id=${t.patient}`),
    ],
    portalScoped: true,
  },
  deleteUpload: {
    own: () => send('DELETE', '/api/delete-upload', { upload_id: randomUUID() }),
    ownAnswer: 'fileNotFound',
    foreign: (t) => [send('DELETE', '/api/delete-upload', { upload_id: t.upload })],
  },
  exportRecords: {
    own: () => get('/api/export-records?format=csv'),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/export-records?format=csv&ids[]=${t.record}`)],
    foreignAnswer: 'empty',
  },
  exportSamples: {
    own: () => get('/api/export-samples?format=csv'),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/export-samples?format=csv&ids[]=${t.sample}`)],
    foreignAnswer: 'empty',
  },
  exportUsers: {
    own: () => get('/api/export-users?format=csv'),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/export-users?format=csv&ids[]=${t.user}`)],
    foreignAnswer: 'empty',
  },
  uploadFile: {
    own: (f) => upload({ record_id: f.own.record, document_type: 'misc' }),
    ownAnswer: 'ok',
    foreign: (t) => [
      upload({ record_id: t.record, document_type: 'misc' }),
      upload({ patient_id: t.patient, document_type: 'misc' }),
    ],
    portalScoped: true,
  },
  downloadReport: {
    own: (f) => get(`/api/download-report?report_id=${f.own.report}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/download-report?report_id=${t.report}`)],
    portalScoped: true,
  },
  downloadUpload: {
    own: (f) => get(`/api/download-upload?upload_id=${f.own.upload}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/download-upload?upload_id=${t.upload}`)],
    portalScoped: true,
  },
  importNabms: {
    own: () => ({
      method: 'POST',
      url: '/api/import-nabms',
      ...multipart({}, { name: 'nabm.json', bytes: Buffer.from('{"resourceType":"Patient"}') }),
    }),
    ownAnswer: 'invalidImportFile',
  },
  previewResultsImport: {
    own: (f) => instrumentFile('/api/preview-results-import', { machine_id: f.own.ref.machines }),
    ownAnswer: 'ok',
    foreign: (t) => [instrumentFile('/api/preview-results-import', { machine_id: t.ref.machines })],
  },
  importResults: {
    // The file names no sample of the laboratory: every allowed caller writes nothing, the same way.
    own: (f) => instrumentFile('/api/import-results', { machine_id: f.own.ref.machines }),
    ownAnswer: 'ok',
    foreign: (t) => [instrumentFile('/api/import-results', { machine_id: t.ref.machines })],
  },
  pscStart: { own: () => get('/auth/psc/start'), ownAnswer: 'done' },
  getMachineCiq: {
    own: (f) => get(`/api/get-machine-ciq?machine_id=${f.own.ref.machines}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/get-machine-ciq?machine_id=${t.ref.machines}`)],
  },
  saveCiqSetting: {
    // A setting that does not exist: every allowed caller reaches the same not-found.
    own: (f) =>
      send('PUT', '/api/save-ciq-setting', {
        ciq_setting_id: randomUUID(),
        analysis_id: f.own.ref.analyses,
        parameter_id: f.own.ref.parameters,
        ciq_level: 'N1',
        ciq_lot: 'L1',
        ciq_mean: 10,
        ciq_sd: 1,
      }),
    ownAnswer: 'ciqSettingNotFound',
    foreign: (t, f) => [
      send('PUT', '/api/save-ciq-setting', {
        analysis_id: t.ref.analyses,
        parameter_id: f.own.ref.parameters,
        ciq_level: 'N1',
        ciq_lot: 'L1',
        ciq_mean: 10,
        ciq_sd: 1,
      }),
      send('PUT', '/api/save-ciq-setting', {
        analysis_id: f.own.ref.analyses,
        parameter_id: t.ref.parameters,
        ciq_level: 'N1',
        ciq_lot: 'L1',
        ciq_mean: 10,
        ciq_sd: 1,
      }),
    ],
  },
  createCiqRecord: {
    own: (f) => send('POST', '/api/create-ciq-record', { machine_id: f.own.ref.machines }),
    ownAnswer: 'ok',
    foreign: (t) => [send('POST', '/api/create-ciq-record', { machine_id: t.ref.machines })],
  },
  addCiqValues: {
    own: () =>
      send('PUT', '/api/add-ciq-values', {
        ciq_run_id: randomUUID(),
        values: [{ ciq_setting_id: randomUUID(), ciq_value: 1 }],
      }),
    ownAnswer: 'ciqRunNotFound',
  },
  acceptCiqRun: {
    own: () => send('PUT', '/api/accept-ciq-run', { ciq_run_id: randomUUID(), ciq_run_accept_reason: 'Lot' }),
    ownAnswer: 'ciqRunNotFound',
  },
  sendCiqRun: {
    own: () => send('POST', '/api/send-ciq-run', { ciq_run_id: randomUUID() }),
    ownAnswer: 'ciqRunNotFound',
  },
  getCiqChart: {
    own: () => get(`/api/get-ciq-chart?ciq_setting_id=${randomUUID()}`),
    ownAnswer: 'ciqSettingNotFound',
  },
  // Result exchange (issue 16): the fixture's record is not validated, as every allowed caller is told.
  exportRecordResults: {
    own: (f) => get(`/api/export-record-results?record_id=${f.own.record}&format=hl7`),
    ownAnswer: 'recordNotValidated',
    foreign: (t) => [get(`/api/export-record-results?record_id=${t.record}&format=fhir`)],
  },
  // The record's CR-BIO in its secure-messaging package (issue 42): not validated either.
  downloadRecordXdm: {
    own: (f) => get(`/api/download-record-xdm?record_id=${f.own.record}`),
    ownAnswer: 'recordNotValidated',
    foreign: (t) => [get(`/api/download-record-xdm?record_id=${t.record}`)],
  },
  // The record's DMP feed (issue 42): nothing prepared before validation; the biologist's choice.
  getRecordDmp: {
    own: (f) => get(`/api/get-record-dmp?record_id=${f.own.record}`),
    ownAnswer: 'ok',
    foreign: (t) => [get(`/api/get-record-dmp?record_id=${t.record}`)],
  },
  updateRecordDmp: {
    own: (f) =>
      send('POST', '/api/update-record-dmp', { record_id: f.own.record, dmp_invisible_override: true }),
    ownAnswer: 'ok',
    foreign: (t) => [
      send('POST', '/api/update-record-dmp', { record_id: t.record, dmp_invisible_override: null }),
    ],
  },
  // Portals (issue 17).
  getExternalLabel: recordQuery('/reports/get-external-label'),
  addExternalRecord: {
    own: (f) => send('POST', '/api/add-external-record', externalRecord(f.own)),
    ownAnswer: 'ok',
    foreign: (t, f) =>
      [
        { ...externalRecord(f.own), patient_id: t.patient },
        { ...externalRecord(f.own), record_collector: t.ref.collectors },
        { ...externalRecord(f.own), record_prescriber: t.ref.prescribers },
        { ...externalRecord(f.own), record_selected_analyses: analysesOf(t) },
      ].map((payload) => send('POST', '/api/add-external-record', payload)),
    // Another clinic's patient and collector are refused; a prescriber and the analyses are the laboratory's.
    portalScoped: false,
  },
  // Print batches of paper and post: unknown rows reach the service's own not-found.
  printDeliveryBatch: {
    own: () => send('POST', '/api/print-delivery-batch', { delivery_ids: [randomUUID()] }),
    ownAnswer: 'deliveryNotFound',
  },
  markDeliveriesPrinted: {
    own: () => send('PUT', '/api/mark-deliveries-printed', { delivery_ids: [randomUUID()] }),
    ownAnswer: 'deliveryNotFound',
  },
  // The laboratory's identity on its reports: a stale stamp reaches the lost-update guard, unchanged.
  getLaboratoryIdentity: { own: () => get('/api/get-laboratory-identity'), ownAnswer: 'ok' },
  updateLaboratoryIdentity: {
    own: () =>
      send('PUT', '/api/update-laboratory-identity', {
        laboratory_name: 'Laboratoire',
        laboratory_address: null,
        laboratory_phone: null,
        laboratory_finess: null,
        laboratory_accreditation: null,
        laboratory_last_updated: STALE,
      }),
    ownAnswer: 'staleUpdate',
  },
  // Where validated records' results are sent: a stale stamp reaches the lost-update guard, unchanged;
  // another laboratory's prescriber is not found.
  getExchangeDestination: { own: () => get('/api/get-exchange-destination'), ownAnswer: 'ok' },
  updateExchangeDestination: {
    own: () => send('PUT', '/api/update-exchange-destination', exchangeDestination([])),
    ownAnswer: 'staleUpdate',
    foreign: (t) => [
      send(
        'PUT',
        '/api/update-exchange-destination',
        exchangeDestination([
          { prescriber_id: t.ref.prescribers, exchange_format: 'hl7', exchange_url: null },
        ]),
      ),
    ],
  },
  // The secure messaging relay (issue 42): a stale stamp reaches the lost-update guard, unchanged.
  getSecureMessaging: { own: () => get('/api/get-secure-messaging'), ownAnswer: 'ok' },
  updateSecureMessaging: {
    own: () =>
      send('PUT', '/api/update-secure-messaging', {
        secure_messaging_host: 'smtp.mssante.example',
        secure_messaging_port: 465,
        secure_messaging_security: 'tls',
        secure_messaging_user: null,
        secure_messaging_sender: 'labo@labo.mssante.fr',
        laboratory_last_updated: STALE,
      }),
    ownAnswer: 'staleUpdate',
  },
  // Account and security settings, Pro Santé Connect, push notifications (issue 18). The test app has
  // neither a single sign-on provider nor VAPID keys: those calls answer their 'not configured' code.
  pscCallback: { own: () => get(`/auth/psc/callback?state=${'s'.repeat(32)}&code=c`), ownAnswer: 'done' },
  getAccountStatus: { own: () => get('/api/get-account-status'), ownAnswer: 'ok' },
  requestEmailChange: {
    own: () => send('PUT', '/api/request-email-change', { new_email: 'admin@demo.lab' }),
    ownAnswer: 'done',
  },
  requestPhoneChange: {
    own: () => send('PUT', '/api/request-phone-change', { new_phone: '+33699999999' }),
    ownAnswer: 'done',
  },
  changePassword: {
    own: () =>
      send('PUT', '/api/change-password', {
        previous_password: digest('not-the-password-1!'),
        new_password: digest('Another-password-2!'),
      }),
    ownAnswer: 'incorrectCredentials',
  },
  updateOtp: { own: () => send('PUT', '/api/update-otp', { otp_enabled: false }), ownAnswer: 'ok' },
  getOwnSessions: { own: () => get('/api/get-own-sessions'), ownAnswer: 'ok' },
  logoutEverywhere: {
    own: () => send('PUT', '/api/logout-everywhere', { keep_current: true }),
    ownAnswer: 'ok',
  },
  getPscUser: {
    own: () => get(`/api/get-psc-user?state=${'s'.repeat(32)}&code=c`),
    ownAnswer: 'ssoNotConfigured',
  },
  startPscLink: { own: () => send('POST', '/api/start-psc-link', {}), ownAnswer: 'ssoNotConfigured' },
  linkPscAccount: {
    own: () => send('PUT', '/api/link-psc-account', { state: 's'.repeat(32), code: 'c' }),
    ownAnswer: 'ssoNotConfigured',
  },
  unlinkPscAccount: { own: () => send('PUT', '/api/unlink-psc-account', {}), ownAnswer: 'ok' },
  getPushKey: { own: () => get('/api/get-push-key'), ownAnswer: 'pushNotConfigured' },
  addPushSubscription: {
    own: () =>
      send('POST', '/api/add-push-subscription', {
        endpoint: 'https://push.example.org/abc',
        p256dh: 'p'.repeat(40),
        auth: 'a'.repeat(16),
      }),
    ownAnswer: 'pushNotConfigured',
  },
  sendTestPush: { own: () => send('POST', '/api/send-test-push', {}), ownAnswer: 'pushNotConfigured' },
  getLaboratoryInformation: { own: () => get('/api/get-laboratory-information'), ownAnswer: 'ok' },
  ...referenceCases(),

  // Billing (issue 16).
  getBillingDetails: recordQuery('/api/get-billing-details'),
  getCerfa: recordQuery('/reports/get-cerfa'),
  getQuote: recordQuery('/reports/get-quote'),
  // The fixture's records are not validated: the lists are empty for every caller, and marking
  // reaches the service's own refusal.
  getBillingList: { own: () => get('/api/get-billing-list?bill_state=toBill'), ownAnswer: 'ok' },
  markRecordBilled: {
    own: (f) => send('PUT', '/api/mark-record-billed', { record_id: f.own.record }),
    ownAnswer: 'done',
    foreign: (t) => [send('PUT', '/api/mark-record-billed', { record_id: t.record })],
  },
  markRecordPaid: {
    own: (f) => send('PUT', '/api/mark-record-paid', { record_id: f.own.record }),
    ownAnswer: 'done',
    foreign: (t) => [send('PUT', '/api/mark-record-paid', { record_id: t.record })],
  },
  getBValues: { own: () => get('/api/get-b-values'), ownAnswer: 'ok' },
  addBValue: {
    own: () =>
      send('POST', '/api/add-b-value', {
        b_territory: 'overseas',
        b_valid_from: '2040-01-01',
        b_value_cents: 31,
      }),
    ownAnswer: 'ok',
  },
  updateBillingTerritory: {
    own: () => send('PUT', '/api/update-billing-territory', { territory: 'metropolitan' }),
    ownAnswer: 'ok',
  },
};

/** The codes that say the caller was refused by the access rule or the session, not by the call's own rules. */
const REFUSALS: ReadonlySet<string> = new Set([
  'invalidAccessToken',
  'accessTokenExpired',
  'authNotFound',
  'noAdminRights',
  'insufficientAdminRights',
  'insufficientRights',
  'clinicUserOverreached',
]);

interface Cell {
  route: string;
  def: ApiRouteDef;
  /** `borrowedToken`: a clinic user's token sent with the administrator's uid. */
  user: UserKind | 'noToken' | 'borrowedToken';
  variant: 'own' | 'otherLab' | 'otherOwner';
  request: InjectOptions;
  expected: Expected | 'notFound' | 'empty' | 'listed' | { refused: ErrorCode };
}

function codeIn(response: LightMyRequestResponse): string | undefined {
  try {
    return response.json<{ code?: string }>().code;
  } catch {
    return undefined;
  }
}

/** What is wrong with an answer, if anything. */
function judge(cell: Cell, response: LightMyRequestResponse): string | undefined {
  const { expected, def } = cell;
  const status = response.statusCode;
  const code = codeIn(response);
  const declared = [...errorAnswersOf(def).values()].flat() as string[];
  if (typeof expected === 'object') {
    const headOnly = cell.request.method === 'HEAD';
    return status === ERROR_STATUS[expected.refused] && (headOnly || code === expected.refused)
      ? undefined
      : `expected ${expected.refused}`;
  }
  if (expected === 'ok' || expected === 'listed') return status === 200 ? undefined : 'expected 200';
  if (expected === 'empty') {
    const rows = response.body
      .replace(/^\uFEFF/, '')
      .split('\n')
      .filter((line) => line.trim() !== '');
    return status === 200 && rows.length <= 1 ? undefined : 'expected an empty export';
  }
  if (expected === 'notFound') {
    const notFound = errorAnswersOf(def).get(404) ?? [];
    return status === 404 && code !== undefined && (notFound as string[]).includes(code)
      ? undefined
      : `expected one of the call's 404 codes (${notFound.join(', ') || 'none declared'})`;
  }
  if (expected === 'done') {
    if (code && REFUSALS.has(code)) return 'refused by access';
    if (status >= 400 && (!code || !declared.includes(code)))
      return 'answered a code the call does not declare';
    return status < 500 || code !== 'unexpectedError' ? undefined : 'server error';
  }
  return status === ERROR_STATUS[expected] && code === expected ? undefined : `expected ${expected}`;
}

/** The first of `markers` (lower case) an answer carries that its request did not. */
function leaked(
  request: InjectOptions,
  response: LightMyRequestResponse,
  markers: string[],
): string | undefined {
  const asked = `${request.url} ${JSON.stringify(request.payload ?? '')}`.toLowerCase();
  const body = response.body.toLowerCase();
  return markers.find((marker) => body.includes(marker) && !asked.includes(marker));
}

/** Runs `tasks` with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/** Every id (and the stamps' rows) a laboratory's holdings name, for the leak check. */
const idsOf = (h: Holdings) =>
  [...Object.values(h.ref), h.patient, h.record, h.sample, h.upload, h.user, h.backup].map((v) =>
    v.toLowerCase(),
  );

describe.each(DATABASES)('access matrix on %s', (kind) => {
  let ctx: TestContext;
  let fixture: Fixture;
  const sessions = new Map<UserKind, { session: Session; rights: Rights }>();
  let otherLabMarkers: string[];
  let otherOwnerMarkers: string[];

  async function expectOk(session: Session, options: InjectOptions): Promise<Json> {
    const response = await call(ctx.app, session, options);
    if (response.statusCode !== 200) throw new Error(`${options.url}: ${response.body}`);
    return response.json<Json>();
  }

  /**
   * One clinic's corner of a laboratory: a row of each reference table, a patient with a record of
   * that clinic and prescriber (new ones, or the `owners` given, which then stand in the holdings),
   * its samples, an attached file; and the laboratory administrator's own user and a backup.
   */
  async function hold(
    admin: Session,
    tag: string,
    owners: { clinic?: string; prescriber?: string } = {},
  ): Promise<Holdings> {
    const add = (url: string, payload: Json) => expectOk(admin, send('POST', url, payload));
    const rows: Partial<Record<EntityName, Json>> = {};
    rows.matrices = await add('/api/add-matrix', { matrix_name: `${tag} matrice` });
    rows.families = await add('/api/add-family', { family_name: `${tag} famille` });
    rows.machines = await add('/api/add-machine', {
      machine_name: `${tag} automate`,
      machine_code: `${tag}-M`,
    });
    rows.sample_types = await add('/api/add-sampletype', { sample_type_name: `${tag} tube` });
    rows.clinics = await add('/api/add-clinic', { clinic_name: `${tag} clinique`, clinic_code: `${tag}-C` });
    rows.prescribers = await add('/api/add-prescriber', {
      prescriber_surname: `${tag} docteur`,
      prescriber_name: 'Eva',
    });
    const clinic = owners.clinic ?? String(rows.clinics.clinic_id);
    const prescriber = owners.prescriber ?? String(rows.prescribers.prescriber_id);
    rows.collectors = await add('/api/add-collector', {
      collector_surname: `${tag} préleveur`,
      collector_name: 'Léo',
      collector_owner: clinic,
    });
    rows.nabms = await add('/api/add-nabm', {
      nabm_code: `${tag.slice(0, 1).toUpperCase()}999`,
      nabm_wording: `${tag} acte`,
    });
    rows.parameters = await add('/api/add-parameter', {
      parameter_name: `${tag} paramètre`,
      parameter_machine: rows.machines.machine_id,
      parameter_family: rows.families.family_id,
      parameter_matrix: rows.matrices.matrix_id,
    });
    rows.analyses = await add('/api/add-analysis', {
      analysis_name: `${tag} analyse`,
      analysis_matrix: rows.matrices.matrix_id,
      analysis_family: rows.families.family_id,
      analysis_sample_type: rows.sample_types.sample_type_id,
      analysis_nabm_codes: [rows.nabms.nabm_code],
      analysis_machines: [rows.machines.machine_id],
      analysis_parameters: [rows.parameters.parameter_id],
    });
    const created = await add('/api/add-patient', {
      patient_surname: `${tag} patient`,
      patient_name: 'Zoé',
      patient_gender: 'F',
      patient_dob: '1980-01-02',
      patient_owner: clinic,
      record_owner: clinic,
      record_prescriber: prescriber,
      record_collector: rows.collectors.collector_id,
      record_selected_analyses: [{ combination: 1, analysis_ids: [rows.analyses.analysis_id] }],
    });
    const file = await expectOk(
      admin,
      upload({ record_id: String(created.record_id), document_type: 'prescription' }),
    );
    await expectOk(admin, send('PUT', '/api/set-backup-passphrase', { passphrase: BACKUP_PASSPHRASE }));
    const backup = await add('/api/add-backup', { tables: ['matrices'] });
    // A stored report as validation leaves one; validating here would need results and a biologist.
    const [recordRow] = await ctx.database.db
      .select()
      .from(records)
      .where(eq(records.record_id, String(created.record_id)));
    // Written as a service writes (the stored versions leave trace entries, migration 0049).
    const [report] = await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx
        .insert(recordReports)
        .values({
          laboratory_id: String(recordRow?.laboratory_id),
          report_record: String(created.record_id),
          report_version: 1,
          report_kind: 'final',
          report_validated_by: admin.uid,
          report_sha256: createHash('sha256').update(PDF).digest('hex'),
          report_size: PDF.length,
          report_pdf: PDF,
        })
        .returning(),
    );
    const [record] = (await call(ctx.app, admin, get(`/api/get-record?record_id=${created.record_id}`))).json<
      Json[]
    >();
    const [patient] = (
      await call(ctx.app, admin, get(`/api/get-patient?patient_id=${created.patient_id}`))
    ).json<Json[]>();
    const [user] = (await call(ctx.app, admin, get(`/api/get-admin?admin_uid=${admin.uid}`))).json<Json[]>();
    const names = Object.keys(rows) as EntityName[];
    if (owners.clinic) rows.clinics = { clinic_id: owners.clinic, clinic_last_updated: STALE };
    if (owners.prescriber)
      rows.prescribers = { prescriber_id: owners.prescriber, prescriber_last_updated: STALE };
    return {
      ref: Object.fromEntries(names.map((n) => [n, String(rows[n]?.[entities[n].idField])])) as Record<
        EntityName,
        string
      >,
      stamp: Object.fromEntries(names.map((n) => [n, String(rows[n]?.[entities[n].stampField])])) as Record<
        EntityName,
        string
      >,
      patient: String(created.patient_id),
      patientStamp: String(patient?.patient_last_updated),
      record: String(created.record_id),
      recordStamp: String(record?.record_last_updated),
      recordNumber: String(created.record_number),
      sample: String((created.samples as Json[])[0]?.sample_id),
      upload: String(file.upload_id),
      report: String(report?.report_id),
      user: admin.uid,
      userStamp: String(user?.admin_last_updated),
      backup: String(backup.backup_id),
    };
  }

  /** A second laboratory in the same database, with its own administrator. */
  async function addLaboratory(): Promise<Session> {
    const db = ctx.database.db;
    const [model] = await db.select().from(users).where(eq(users.user_email, USERS.administrator));
    const everything = {
      ...Object.fromEntries(ADMIN_KEYS.map((key) => [key, 3])),
      admin_rights: true,
      validation_admin: true,
      invalidation_admin: true,
      billing_user: true,
      medical_user: true,
    } as GrantedRights;
    await writeTransaction(db, SYSTEM_ACTOR, async (tx) => {
      const [lab] = await tx
        .insert(laboratories)
        .values({ laboratory_name: 'Laboratoire Xenon', laboratory_code: 'XENON' })
        .returning();
      await tx.insert(users).values({
        laboratory_id: lab?.laboratory_id ?? '',
        user_email: 'admin@xenon.lab',
        user_name: 'Xavier Xenon',
        user_type: 'internal',
        password_hash: model?.password_hash ?? '',
        email_verified: true,
        preferences: { locale: 'fr' },
        ...rightsColumns(everything),
      });
    });
    return login(ctx.app, 'admin@xenon.lab');
  }

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    const admin = await login(ctx.app, USERS.administrator);
    const rightsOf = async (email: string) =>
      (await expectOk(await login(ctx.app, email), get('/api/get-user-data'))).rights as Rights;
    const lilas = String((await rightsOf(USERS.clinicMedical)).clinic_id);
    const bernard = String((await rightsOf(USERS.prescriber)).prescriber_id);

    // The kinds of user the demo lacks: a clinic's billing user, a user without rights, a reader.
    const password = digest('Lecture-2026!');
    await expectOk(
      admin,
      send('POST', '/auth/add-new-external-user', {
        user_name: 'Facturation Lilas',
        user_email: USERS.clinicBilling,
        clinic_id: lilas,
        external_account_type: 'billing',
        user_password: password,
      }),
    );
    await expectOk(
      admin,
      send('POST', '/auth/add-new-user', {
        user_name: 'Sans droit',
        user_email: USERS.noRights,
        user_password: password,
      }),
    );
    await expectOk(
      admin,
      send('POST', '/auth/add-new-user', {
        user_name: 'Lecteur',
        user_email: USERS.readOnly,
        user_password: password,
        ...Object.fromEntries(ADMIN_KEYS.map((key) => [key, 1])),
      }),
    );

    const own = await hold(admin, 'Demo', { clinic: lilas, prescriber: bernard });
    const otherOwner = await hold(admin, 'Tilleul');
    const otherAdmin = await addLaboratory();
    const otherLab = await hold(otherAdmin, 'Xenon');
    // Record numbers count per laboratory and day: give the other laboratory's one a number of its own.
    await writeTransaction(ctx.database.db, SYSTEM_ACTOR, (tx) =>
      tx.update(records).set({ record_number: 'XENON0001' }).where(eq(records.record_id, otherLab.record)),
    );
    otherLab.recordNumber = 'XENON0001';
    fixture = { own, otherOwner, otherLab };
    otherLabMarkers = [...idsOf(otherLab), 'xenon'];
    otherOwnerMarkers = [
      otherOwner.patient,
      otherOwner.record,
      otherOwner.sample,
      otherOwner.upload,
      otherOwner.ref.collectors,
      'tilleul patient',
      'tilleul préleveur',
    ].map((v) => v.toLowerCase());

    const created: string[] = [USERS.clinicBilling, USERS.noRights, USERS.readOnly];
    for (const [user, email] of Object.entries(USERS) as Array<[UserKind, string]>) {
      const session = await login(ctx.app, email, created.includes(email) ? password : DEMO_DIGEST);
      const data = await expectOk(session, get('/api/get-user-data'));
      sessions.set(user, { session, rights: data.rights as Rights });
    }
  }, 120_000);
  afterAll(() => stopTestApp(ctx));

  it('has a case for every call of the route table, and none for a call that is not in it', () => {
    expect(Object.keys(apiTable).filter((name) => !(name in CASES))).toEqual([]);
    expect(Object.keys(CASES).filter((name) => !(name in apiTable))).toEqual([]);
  });

  it('answers every call as its access rule says, for every kind of user, and never with another tenant’s data', async () => {
    const cells: Cell[] = [];
    for (const [route, def] of Object.entries(apiTable)) {
      const routeCase = CASES[route];
      if (!routeCase) continue;
      const open = def.access.kind === 'public' || def.access.kind === 'refreshToken';
      // An agent's call (issue 41) takes an agent's credential: no user's session is one.
      if (def.access.kind === 'agent') {
        for (const user of ['noToken', 'borrowedToken', ...sessions.keys()] as const)
          cells.push({
            route,
            def,
            user,
            variant: 'own',
            request: routeCase.own(fixture),
            expected: { refused: 'invalidAgentCredential' },
          });
        continue;
      }
      cells.push({
        route,
        def,
        user: 'noToken',
        variant: 'own',
        request: routeCase.own(fixture),
        expected: open ? routeCase.ownAnswer : { refused: 'invalidAccessToken' },
      });
      if (!open)
        cells.push({
          route,
          def,
          user: 'borrowedToken',
          variant: 'own',
          request: routeCase.own(fixture),
          expected: { refused: 'invalidAccessToken' },
        });
      // HEAD answers what GET does, without a body: the same rule guards it.
      if (def.method === 'GET' && !open)
        cells.push({
          route,
          def,
          user: 'noToken',
          variant: 'own',
          request: { ...routeCase.own(fixture), method: 'HEAD' },
          expected: { refused: 'invalidAccessToken' },
        });
      for (const [user, { rights }] of sessions) {
        const decision = decideAccess(def.access, rights);
        const refusal = decision.allowed ? undefined : decision.code;
        if (refusal) {
          cells.push({
            route,
            def,
            user,
            variant: 'own',
            request: routeCase.own(fixture),
            expected: { refused: refusal },
          });
          continue;
        }
        cells.push({
          route,
          def,
          user,
          variant: 'own',
          request: routeCase.own(fixture),
          expected: routeCase.ownAnswer,
        });
        const targets: Array<['otherLab' | 'otherOwner', Holdings]> = [['otherLab', fixture.otherLab]];
        if (routeCase.portalScoped && PORTAL_USERS.includes(user))
          targets.push(['otherOwner', fixture.otherOwner]);
        for (const [variant, target] of targets)
          for (const item of routeCase.foreign?.(target, fixture) ?? []) {
            const guard = isGuarded(item) ? item.needs(rights) : undefined;
            const foreignAnswer = routeCase.foreignAnswer ?? 'notFound';
            // A clinic user aiming at another clinic's record or patient of its laboratory is told it overreached.
            const overreached =
              variant === 'otherOwner' && rights.user_type === 'external' && foreignAnswer === 'notFound';
            cells.push({
              route,
              def,
              user,
              variant,
              request: isGuarded(item) ? item.request : item,
              expected: guard
                ? { refused: guard }
                : overreached
                  ? { refused: 'clinicUserOverreached' }
                  : foreignAnswer,
            });
          }
      }
    }

    const failures: string[] = [];
    await pool(cells, 6, async (cell) => {
      const caller = cell.user === 'borrowedToken' ? 'clinicMedical' : cell.user;
      const session = caller === 'noToken' ? null : (sessions.get(caller)?.session ?? null);
      const request =
        cell.user === 'borrowedToken'
          ? { ...cell.request, headers: { ...cell.request.headers, uid: fixture.own.user } }
          : cell.request;
      const response = await call(ctx.app, session, request);
      const where = `${cell.route} as ${cell.user} on ${cell.variant}`;
      const wrong = judge(cell, response);
      if (wrong)
        failures.push(`${where}: ${wrong}, got ${response.statusCode} ${response.body.slice(0, 160)}`);
      const portal = caller !== 'noToken' && PORTAL_USERS.includes(caller);
      const marker = leaked(
        cell.request,
        response,
        portal ? [...otherLabMarkers, ...otherOwnerMarkers] : otherLabMarkers,
      );
      if (marker) failures.push(`${where}: the answer carries ${marker}`);
    });
    console.info(`access matrix on ${kind}: ${cells.length} cells, ${failures.length} failures`);
    expect(failures.sort()).toEqual([]);
  }, 180_000);

  // Runs after the matrix: it gives this laboratory a code the other one holds.
  it('lets another laboratory’s rows neither clash with nor block this laboratory’s', async () => {
    const admin = sessions.get('administrator')?.session ?? null;
    const code = fixture.otherLab.ref.nabms;
    const matrix = await call(
      ctx.app,
      admin,
      send('POST', '/api/add-matrix', { matrix_name: 'Xenon matrice' }),
    );
    expect(matrix.statusCode, matrix.body).toBe(200);
    const act = await call(
      ctx.app,
      admin,
      send('POST', '/api/add-nabm', { nabm_code: code, nabm_wording: 'Acte' }),
    );
    expect(act.statusCode, act.body).toBe(200);
    // The other laboratory's analysis orders this code: that is no reason to keep this laboratory's act.
    const removed = await call(ctx.app, admin, send('DELETE', '/api/delete-nabms', { ids: [code] }));
    expect([removed.statusCode, removed.body]).toEqual([200, JSON.stringify({ deleted: 1 })]);
  });
});
