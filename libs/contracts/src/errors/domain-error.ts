import { ERROR_CODES, isErrorCode, type ErrorCode } from './error-codes.js';

/** What crosses NATS when a handler fails: a code, a readable message, optional details. */
export interface RpcErrorBody {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

/** The one exception type services throw. It carries a domain code, never an HTTP status. */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_CODES[code],
    readonly details?: unknown,
  ) {
    super(message);
  }

  toBody(): RpcErrorBody {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }

  static fromBody(body: RpcErrorBody): DomainError {
    return new DomainError(body.code, body.message, body.details);
  }
}

export function isRpcErrorBody(value: unknown): value is RpcErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return isErrorCode(candidate.code) && typeof candidate.message === 'string';
}
