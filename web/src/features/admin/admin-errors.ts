import type { TFunction } from 'i18next';

/**
 * The spec's failure toast for an admin action, with why it failed when the server said so
 * (the last admin, a user or session another admin removed first, lost admin rights).
 */
export function adminFailureText(t: TFunction, failure: string, error: unknown): string {
  const reason = reasonOf(t, error);
  return reason ? t('admin:failedBecause', { failure, reason }) : failure;
}

function reasonOf(t: TFunction, error: unknown): string | undefined {
  switch (adminErrorCode(error)) {
    case 'LAST_ADMIN':
      return t('admin:reasonLastAdmin');
    case 'USER_NOT_FOUND':
      return t('admin:reasonUserGone');
    case 'SESSION_NOT_FOUND':
      return t('admin:reasonSessionGone');
    case 'ADMIN_REQUIRED':
      return t('admin:reasonNotAdmin');
    default:
      break;
  }
  if ((error as { status?: unknown } | null)?.status === 'FETCH_ERROR') return t('errors.network');
  return undefined;
}

/**
 * The domain error code of a failed call. Read here rather than with app/api-errors, which
 * would then become a chunk of its own on the overlay's critical path.
 */
export function adminErrorCode(error: unknown): string | undefined {
  const code = (error as { data?: { code?: unknown } } | null)?.data?.code;
  return typeof code === 'string' ? code : undefined;
}
