import { ERROR_CODES, type TErrorCode } from '@catalyst/contracts';

/** The one error type of the server. Its code maps to an HTTP status; its message is shown to users. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.statusCode = ERROR_CODES[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found.`);
