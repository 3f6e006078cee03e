import type { RouteDef } from '../route-def.js';
import {
  AcceptCiqRunBody,
  AddCiqValuesBody,
  CiqChart,
  CiqChartQuery,
  CiqRun,
  CiqRunIdBody,
  CiqSettingRow,
  CreateCiqRecordBody,
  MachineCiq,
  MachineIdQuery,
  SaveCiqSettingBody,
} from './schemas.js';

const staff = ['internal'] as const;
const samples = (level: 1 | 2) =>
  ({ kind: 'permission', key: 'admin_samples', level, userTypes: staff }) as const;

/**
 * Internal quality control (spec.md §3 Analysis CIQ, §7 create-ciq-record; issue 14): targets per
 * parameter × level × lot, runs of control values read with the Westgard rules, a rejected run
 * holding back the validation of the machine's samples until a biologist accepts it.
 */
export const ciqRoutes = {
  getMachineCiq: {
    method: 'GET',
    path: '/api/get-machine-ciq',
    access: samples(1),
    summary: "A machine's CIQ settings (the targets of its analyses) and its latest 20 runs",
    query: MachineIdQuery,
    response: MachineCiq,
    errors: ['machineNotFound'],
  },
  saveCiqSetting: {
    method: 'PUT',
    path: '/api/save-ciq-setting',
    access: { kind: 'permission', key: 'admin_analyses', level: 2, userTypes: staff },
    summary: 'Add or change the target mean and SD of a parameter of an analysis for a control level and lot',
    body: SaveCiqSettingBody,
    response: CiqSettingRow,
    errors: ['analysisNotFound', 'parameterNotFound', 'ciqSettingNotFound', 'ciqSettingExists'],
  },
  createCiqRecord: {
    method: 'POST',
    path: '/api/create-ciq-record',
    access: samples(2),
    summary: "Start a control run on a machine, with the active CIQ settings of the machine's analyses",
    body: CreateCiqRecordBody,
    response: CiqRun,
    errors: ['machineNotFound'],
  },
  addCiqValues: {
    method: 'PUT',
    path: '/api/add-ciq-values',
    access: samples(2),
    summary:
      'Enter control values of a run; each is read with the Westgard rules and the run passes or is rejected',
    body: AddCiqValuesBody,
    response: CiqRun,
    errors: ['ciqRunNotFound', 'ciqSettingNotFound', 'ciqRunClosed'],
  },
  acceptCiqRun: {
    method: 'PUT',
    path: '/api/accept-ciq-run',
    access: { kind: 'special', right: 'validation_admin' },
    summary:
      "A biologist accepts a rejected run, with the reason; the machine's results may be validated again",
    body: AcceptCiqRunBody,
    response: CiqRun,
    errors: ['ciqRunNotFound', 'ciqRunNotRejected'],
  },
  sendCiqRun: {
    method: 'POST',
    path: '/api/send-ciq-run',
    access: samples(2),
    summary: 'Send the values of a run to the external quality-control service',
    body: CiqRunIdBody,
    response: CiqRun,
    errors: ['ciqRunNotFound', 'qcServiceConnectionFailed'],
  },
  getCiqChart: {
    method: 'GET',
    path: '/api/get-ciq-chart',
    access: samples(1),
    summary:
      'The Levey-Jennings series of a parameter × level × lot: its target and its last 200 control values',
    query: CiqChartQuery,
    response: CiqChart,
    errors: ['ciqSettingNotFound'],
  },
} as const satisfies Record<string, RouteDef>;
