import { isApiErrorBody, type ErrorCode } from '@greetboard/contracts/wire';

/**
 * Every failed API call carries an `ApiErrorBody` (`{ error, code }`, see api-slice.ts), so
 * screens decide by its domain code, never by the server's English text.
 */
function errorBody(error: unknown) {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { data?: unknown }).data;
  return isApiErrorBody(data) ? data : undefined;
}

/** The server's readable text of a failed call, for logs and fallbacks. */
export function serverErrorText(error: unknown): string | undefined {
  return errorBody(error)?.error;
}

export function serverErrorCode(error: unknown): ErrorCode | undefined {
  return errorBody(error)?.code;
}

export function httpStatus(error: unknown): number | string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' || typeof status === 'string' ? status : undefined;
}

export function isAccountNotApproved(error: unknown): boolean {
  return serverErrorCode(error) === 'ACCOUNT_NOT_APPROVED';
}

export function isNotSessionOwner(error: unknown): boolean {
  return serverErrorCode(error) === 'NOT_SESSION_OWNER';
}
