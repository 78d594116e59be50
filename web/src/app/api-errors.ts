import { isApiErrorBody, type ErrorCode } from '@greetboard/contracts/wire';

/**
 * Every failed API call carries an `ApiErrorBody` (`{ error, code }`, see api-slice.ts), so
 * screens decide by its domain code, never by the server's English text (to show why a call
 * failed, see features/i18n/server-error.ts).
 */
export function apiErrorBody(error: unknown) {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { data?: unknown }).data;
  return isApiErrorBody(data) ? data : undefined;
}

export function serverErrorCode(error: unknown): ErrorCode | undefined {
  return apiErrorBody(error)?.code;
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
