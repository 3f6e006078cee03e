/**
 * Error codes of the agent, answered as JSON `{ code, details }` like the server's (see README).
 * The web app shows the localized message of the code.
 */
export const AGENT_ERRORS = {
  invalidLabelRequest: 400,
  invalidScanName: 400,
  originNotAllowed: 403,
  noScanFound: 404,
  notFound: 404,
  scanInProgress: 409,
  scanTooLarge: 413,
  scanFolderUnavailable: 503,
  printerUnreachable: 503,
  outputFolderUnavailable: 503,
  internalError: 500,
} as const;

export type AgentErrorCode = keyof typeof AGENT_ERRORS;

export class AgentError extends Error {
  readonly status: number;

  constructor(
    readonly code: AgentErrorCode,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
    this.status = AGENT_ERRORS[code];
  }
}
