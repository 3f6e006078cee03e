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
