import type { TFunction } from 'i18next';
import { httpStatus, serverErrorCode } from '../../app/api-errors';

/**
 * The spec's failure toast for an admin action, with why it failed when the server said so
 * (the last admin, a user or session another admin removed first, lost admin rights).
 */
export function adminFailureText(t: TFunction, failure: string, error: unknown): string {
  const reason = reasonOf(t, error);
  return reason ? t('admin.failedBecause', { failure, reason }) : failure;
}

function reasonOf(t: TFunction, error: unknown): string | undefined {
  switch (serverErrorCode(error)) {
    case 'LAST_ADMIN':
      return t('admin.reasonLastAdmin');
    case 'USER_NOT_FOUND':
      return t('admin.reasonUserGone');
    case 'SESSION_NOT_FOUND':
      return t('admin.reasonSessionGone');
    case 'ADMIN_REQUIRED':
      return t('admin.reasonNotAdmin');
  }
  if (httpStatus(error) === 'FETCH_ERROR') return t('errors.network');
  return undefined;
}
