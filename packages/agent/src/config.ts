import { homedir } from 'node:os';
import { join } from 'node:path';
import { symbologySchema } from '@sil/documents';
import { z } from 'zod';

/** Where labels go: a ZPL printer on the network, or PDF files when none is configured. */
export type PrinterTarget = { kind: 'zpl'; host: string; port: number } | { kind: 'pdf'; directory: string };

const printerUrl = z
  .string()
  .regex(/^zpl:\/\/[^\s/:]+(:\d{1,5})?\/?$/, "expected 'zpl://host:9100'")
  .transform((value) => {
    const url = new URL(value);
    return { kind: 'zpl' as const, host: url.hostname, port: url.port ? Number(url.port) : 9100 };
  });

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Settings from the environment, validated at start so a mistyped printer address stops the agent
 * with a message instead of failing at the first label.
 */
const envSchema = z.object({
  AGENT_PORT: z.coerce.number().int().min(1).max(65535).default(5175),
  AGENT_ALLOWED_ORIGIN: z.url().default('http://localhost:3000'),
  AGENT_SCAN_DIR: z.string().min(1).default(join(homedir(), 'Scans')),
  AGENT_PRINTER: printerUrl.optional(),
  AGENT_PRINTER_DPMM: z.enum(['8', '12']).default('8'),
  AGENT_PRINTER_TIMEOUT_MS: positiveInt(5000),
  AGENT_OUTPUT_DIR: z
    .string()
    .min(1)
    .default(join(homedir(), 'SIL', 'labels')),
  AGENT_LABEL_SYMBOLOGY: symbologySchema.default('code128'),
  AGENT_SCAN_MAX_BYTES: positiveInt(20 * 1024 * 1024),
  AGENT_SCAN_SETTLE_MS: z.coerce.number().int().min(0).default(1000),
  // The analyser gateway (issue 41): the server it relays to and its credential (or a one-time
  // enrolment code exchanged for one at start and kept in AGENT_CREDENTIAL_FILE).
  AGENT_SERVER_URL: z.url().optional(),
  AGENT_CREDENTIAL: z.string().min(1).optional(),
  AGENT_ENROLMENT_CODE: z.string().min(1).optional(),
  AGENT_CREDENTIAL_FILE: z
    .string()
    .min(1)
    .default(join(homedir(), 'SIL', 'agent-credential')),
  AGENT_JOURNAL_DIR: z
    .string()
    .min(1)
    .default(join(homedir(), 'SIL', 'journal')),
});

export interface AgentConfig {
  port: number;
  /** The web app's origin, the only one whose pages may call the agent. */
  allowedOrigin: string;
  scanDir: string;
  printer: PrinterTarget;
  /** Dots per millimetre of the label printer's head: 8 (203 dpi) or 12 (300 dpi). */
  dpmm: 8 | 12;
  printerTimeoutMs: number;
  symbology: 'code128' | 'datamatrix';
  scanMaxBytes: number;
  /** A scan modified more recently than this may still be being written by the scanner. */
  scanSettleMs: number;
  /** The analyser relay; absent when no server is configured (the agent then only scans and prints). */
  relay: {
    serverUrl: string;
    credential: string | undefined;
    enrolmentCode: string | undefined;
    credentialFile: string;
    journalDir: string;
  } | null;
}

export function loadConfig(env: NodeJS.ProcessEnv): AgentConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid agent settings: ${problems.join('; ')}`);
  }
  const settings = parsed.data;
  return {
    port: settings.AGENT_PORT,
    allowedOrigin: new URL(settings.AGENT_ALLOWED_ORIGIN).origin,
    scanDir: settings.AGENT_SCAN_DIR,
    printer: settings.AGENT_PRINTER ?? { kind: 'pdf', directory: settings.AGENT_OUTPUT_DIR },
    dpmm: settings.AGENT_PRINTER_DPMM === '12' ? 12 : 8,
    printerTimeoutMs: settings.AGENT_PRINTER_TIMEOUT_MS,
    symbology: settings.AGENT_LABEL_SYMBOLOGY,
    scanMaxBytes: settings.AGENT_SCAN_MAX_BYTES,
    scanSettleMs: settings.AGENT_SCAN_SETTLE_MS,
    relay: settings.AGENT_SERVER_URL
      ? {
          serverUrl: settings.AGENT_SERVER_URL,
          credential: settings.AGENT_CREDENTIAL,
          enrolmentCode: settings.AGENT_ENROLMENT_CODE,
          credentialFile: settings.AGENT_CREDENTIAL_FILE,
          journalDir: settings.AGENT_JOURNAL_DIR,
        }
      : null,
  };
}

export function describePrinter(printer: PrinterTarget): string {
  return printer.kind === 'zpl' ? `zpl://${printer.host}:${printer.port}` : printer.directory;
}
