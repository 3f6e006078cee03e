import { z } from 'zod';

/**
 * The workstation agent (packages/agent, spec.md §7 'Local helper services'): label printing and
 * scans on the reception desk. It runs beside the browser, so its address is configuration of the
 * build rather than of the server.
 */
export const AGENT_URL: string = (import.meta.env.VITE_AGENT_URL ?? 'http://127.0.0.1:5175').replace(
  /\/$/,
  '',
);

/** A failed call to the agent: `agentUnreachable` when it is not running, else the agent's own code. */
export class AgentError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(`agent: ${code}`);
    this.name = 'AgentError';
  }
}

export const PrintAnswer = z.object({
  printed: z.number().int(),
  printer: z.string().optional(),
  file: z.string().optional(),
});
export type PrintAnswer = z.infer<typeof PrintAnswer>;

export const ScanAnswer = z.object({
  name: z.string(),
  type: z.string(),
  size: z.number(),
  data: z.string(),
});
export type ScanAnswer = z.infer<typeof ScanAnswer>;

const ErrorBody = z.object({ code: z.string() });

async function agentCall<S extends z.ZodType>(
  path: string,
  init: RequestInit,
  schema: S,
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(`${AGENT_URL}${path}`, init);
  } catch {
    // Connection refused, or blocked before reaching it: the desk has no agent running.
    throw new AgentError('agentUnreachable', 0);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = ErrorBody.safeParse(body);
    throw new AgentError(error.success ? error.data.code : 'unexpectedError', response.status);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AgentError('unexpectedError', response.status);
  return parsed.data;
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export interface BarcodeLabels {
  name: string;
  dob: string;
  barcode: string;
  samples: Array<{ sample_id: string; sample_type: string; sample_matrix: string }>;
  amount: number;
}

export const printBarcode = (labels: BarcodeLabels) => agentCall('/print-barcode', json(labels), PrintAnswer);

export const printBarcodeExternal = (label: { name: string; dob: string; barcode: string }) =>
  agentCall('/print-barcode-external', json(label), PrintAnswer);

export const printPassword = (id: string, password: string) =>
  agentCall(
    `/print-password?${new URLSearchParams({ id, password }).toString()}`,
    { method: 'GET' },
    PrintAnswer,
  );

/** The newest document of the desk's scanner (handed out once by the agent). */
export const fetchScan = () => agentCall('/scan', { method: 'GET' }, ScanAnswer);

/** The same, kept by the agent among the desk's prescriptions under `name` (the record's number). */
export const fetchPrescriptionScan = (name: string) =>
  agentCall(`/scan-prescription?${new URLSearchParams({ name }).toString()}`, { method: 'GET' }, ScanAnswer);

/** A scanned document as a File the upload form can send. */
export function fileOfScan(scan: ScanAnswer): File {
  const bytes = Uint8Array.from(atob(scan.data), (char) => char.charCodeAt(0));
  return new File([bytes], scan.name, { type: scan.type });
}
