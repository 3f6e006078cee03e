import { z } from 'zod';

/**
 * How an analyser is connected (issue 41): the fields the machines reference table gains
 * (spec.md §3 Machine). A machine without a protocol is not connected (files only).
 */
export const ANALYSER_PROTOCOLS = ['astm', 'hl7'] as const;
export const analyserProtocol = z.enum(ANALYSER_PROTOCOLS);
export type AnalyserProtocol = z.output<typeof analyserProtocol>;

/** tcp_server: the agent listens, the analyser connects; tcp_client: the agent connects to it. */
export const ANALYSER_TRANSPORTS = ['tcp_server', 'tcp_client', 'serial'] as const;
export const analyserTransport = z.enum(ANALYSER_TRANSPORTS);
export type AnalyserTransport = z.output<typeof analyserTransport>;

export const SERIAL_PARITIES = ['none', 'even', 'odd', 'mark', 'space'] as const;
export const serialParity = z.enum(SERIAL_PARITIES);
export const SERIAL_BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
export const SERIAL_DATA_BITS = [5, 6, 7, 8] as const;
export const SERIAL_STOP_BITS = [1, 1.5, 2] as const;

const baudRate = z.coerce
  .number()
  .int()
  .refine((n) => (SERIAL_BAUD_RATES as readonly number[]).includes(n), 'baudRate');
const dataBits = z.coerce
  .number()
  .int()
  .refine((n) => (SERIAL_DATA_BITS as readonly number[]).includes(n), 'dataBits');
const stopBits = z.coerce
  .number()
  .refine((n) => (SERIAL_STOP_BITS as readonly number[]).includes(n), 'stopBits');

/**
 * The machine fields, as the generic table takes them (all optional: a machine without protocol
 * only imports files). Host and port: the agent's listening port (tcp_server, host optional: the
 * interface to bind) or the analyser's address (tcp_client).
 */
export const machineConnectionFields = {
  machine_protocol: analyserProtocol.nullable().optional(),
  machine_transport: analyserTransport.nullable().optional(),
  machine_host: z.string().trim().max(253).nullable().optional(),
  machine_port: z.coerce.number().int().min(1).max(65535).nullable().optional(),
  machine_serial_path: z.string().trim().max(200).nullable().optional(),
  machine_baud_rate: baudRate.nullable().optional(),
  machine_data_bits: dataBits.nullable().optional(),
  machine_parity: serialParity.nullable().optional(),
  machine_stop_bits: stopBits.nullable().optional(),
  /** The agent that serves it (get-agents). */
  machine_agent: z.uuid().nullable().optional(),
  /**
   * Download mode: a sample's orders are sent to the analyser unasked when the sample is registered
   * or given more analyses (else the analyser asks for them when it reads the tube).
   */
  machine_download: z.boolean().optional(),
};

/** The connection as the agent receives it in its configuration. */
export const AnalyserConnection = z.discriminatedUnion('transport', [
  z.object({ transport: z.literal('tcp_server'), host: z.string().nullable(), port: z.number().int() }),
  z.object({ transport: z.literal('tcp_client'), host: z.string(), port: z.number().int() }),
  z.object({
    transport: z.literal('serial'),
    path: z.string(),
    baud_rate: z.number().int(),
    data_bits: z.number().int(),
    parity: serialParity,
    stop_bits: z.number(),
  }),
]);
export type AnalyserConnection = z.output<typeof AnalyserConnection>;
