import { ERROR_STATUS, type ErrorCode } from '@trowel/shared/http/errors.ts';

/** A failure meant for the caller: its code decides the HTTP status, its message is shown to people. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.headers = headers;
  }
}

export const notFound = (what?: string) =>
  new AppError('NOT_FOUND', what ? `${what} not found` : 'Not found');
export const forbidden = (message = "You don't have permission to do this") =>
  new AppError('FORBIDDEN', message);
export const badRequest = (message: string) => new AppError('VALIDATION_ERROR', message);
