import type { ErrorCode } from '../errors/error-codes.js';

/** The JSON body of every HTTP error answer: the readable text, the domain code, details if any. */
export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
  details?: unknown;
}

/**
 * Whether `value` has the shape of an error answer. Its code is not looked up in ERROR_CODES,
 * which keeps the texts out of the browser's bundle; a code this version does not know simply
 * matches none of the codes a screen compares it with.
 */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.error === 'string' && typeof body.code === 'string';
}
