/** Reads the server's error text from an RTK Query error ({ code, message } or { error }). */
export function serverErrorText(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { data?: unknown }).data;
  if (typeof data === 'string') return data;
  if (typeof data !== 'object' || data === null) return undefined;
  const body = data as { message?: unknown; error?: unknown; code?: unknown };
  if (typeof body.message === 'string') return body.message;
  if (Array.isArray(body.message) && typeof body.message[0] === 'string') return body.message[0];
  if (typeof body.error === 'string') return body.error;
  return undefined;
}

export function serverErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return undefined;
  const code = (data as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export function httpStatus(error: unknown): number | string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' || typeof status === 'string' ? status : undefined;
}

export function isAccountNotApproved(error: unknown): boolean {
  return (
    serverErrorCode(error) === 'ACCOUNT_NOT_APPROVED' ||
    serverErrorText(error) === 'Account not approved'
  );
}

export function isNotSessionOwner(error: unknown): boolean {
  return (
    serverErrorCode(error) === 'NOT_SESSION_OWNER' ||
    serverErrorText(error) === 'Only session owners can start sessions'
  );
}
