import {
  ANALYSER_PROTOCOLS,
  ANALYSER_TRANSPORTS,
  SERIAL_BAUD_RATES,
  SERIAL_DATA_BITS,
  SERIAL_PARITIES,
  SERIAL_STOP_BITS,
} from '@sil/contract';
import { useAgentChoices } from '../agent-choices';
import type { FieldSpec, FormValues } from './field-spec';

type ConnectionField =
  | 'machine_protocol'
  | 'machine_transport'
  | 'machine_host'
  | 'machine_port'
  | 'machine_serial_path'
  | 'machine_baud_rate'
  | 'machine_data_bits'
  | 'machine_parity'
  | 'machine_stop_bits'
  | 'machine_agent'
  | 'machine_download';

const connected = (values: FormValues) => typeof values.machine_protocol === 'string';
const overTcp = (values: FormValues) =>
  connected(values) &&
  (values.machine_transport === 'tcp_server' || values.machine_transport === 'tcp_client');
const overSerial = (values: FormValues) => connected(values) && values.machine_transport === 'serial';
const numbers = (list: readonly number[]) => list.map(String);

/**
 * The machines form's connection fields: none but the protocol for a machine that only imports
 * files; then the transport and the agent; then host and port, or the serial line's settings.
 */
export const machineConnectionForm: readonly FieldSpec<ConnectionField>[] = [
  { name: 'machine_protocol', kind: 'options', options: ANALYSER_PROTOCOLS, translate: true, hint: true },
  {
    name: 'machine_transport',
    kind: 'options',
    options: ANALYSER_TRANSPORTS,
    translate: true,
    shownWhen: connected,
  },
  { name: 'machine_agent', kind: 'choices', useChoices: useAgentChoices, shownWhen: connected, hint: true },
  { name: 'machine_download', kind: 'boolean', shownWhen: connected, hint: true },
  { name: 'machine_host', kind: 'text', shownWhen: overTcp, hint: true },
  { name: 'machine_port', kind: 'int', shownWhen: overTcp },
  { name: 'machine_serial_path', kind: 'text', shownWhen: overSerial, hint: true },
  {
    name: 'machine_baud_rate',
    kind: 'options',
    options: numbers(SERIAL_BAUD_RATES),
    numeric: true,
    shownWhen: overSerial,
  },
  {
    name: 'machine_data_bits',
    kind: 'options',
    options: numbers(SERIAL_DATA_BITS),
    numeric: true,
    shownWhen: overSerial,
  },
  {
    name: 'machine_parity',
    kind: 'options',
    options: SERIAL_PARITIES,
    translate: true,
    shownWhen: overSerial,
  },
  {
    name: 'machine_stop_bits',
    kind: 'options',
    options: numbers(SERIAL_STOP_BITS),
    numeric: true,
    shownWhen: overSerial,
  },
];
