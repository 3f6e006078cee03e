import { ERROR_STATUS, type ErrorCode, type FieldIssue } from '@sil/contract';

/** An error the client is meant to see: a catalogue code, its HTTP status, and optional details. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly details: { issues?: FieldIssue[]; [key: string]: unknown } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export const fail = (code: ErrorCode, details?: AppError['details']): never => {
  throw new AppError(code, details);
};

/** The codes the database's own rules raise (migrations 0010, 0015, 0026, 0027 and 0049), by SQLSTATE. */
const DATABASE_REFUSALS: Record<string, ErrorCode> = {
  SIL02: 'cannotDowngradeStatus',
  SIL03: 'invalidRecordStatusForUpdate',
  SIL04: 'invalidStatusTransition',
  SIL05: 'resultValidated',
  SIL08: 'deliveryPending',
  SIL10: 'reportImmutable',
  SIL11: 'amendmentRequired',
};

/**
 * The catalogue error for a refusal raised by a database rule (the driver's error or the query
 * error wrapping it), so that a write the service let through by a race still answers its code.
 */
export function databaseRefusal(error: unknown): AppError | null {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; depth++) {
    const sqlState = (cause as { code?: unknown }).code;
    if (typeof sqlState === 'string' && Object.hasOwn(DATABASE_REFUSALS, sqlState)) {
      const code = DATABASE_REFUSALS[sqlState];
      if (code) return new AppError(code);
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}
