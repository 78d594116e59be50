import { LIMIT_ERROR_CODES } from './limit-error-codes.js';
import { WELCOME_ERROR_CODES } from './welcome-error-codes.js';

/**
 * Domain error codes. Services throw them; the gateway maps each code to an HTTP status
 * in one place. The message is the default text shown to people (the spec's wording
 * where the spec has one).
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: 'Invalid request.',
  UNAUTHENTICATED: 'You are not authorized to perform this action.',
  FORBIDDEN: 'You are not authorized to perform this action.',
  ADMIN_REQUIRED: 'Admin access required',
  ACCOUNT_NOT_APPROVED: 'Account not approved',
  NOT_SESSION_OWNER: 'Only session owners can start sessions',
  SESSION_NOT_FOUND: 'Session not found.',
  CHATTER_NOT_FOUND: 'Chatter not found.',
  RAID_NOT_FOUND: 'Raid not found.',
  RAID_WINDOW_OUT_OF_RANGE: 'The raid window must be between 15 and 600 seconds.',
  IGNORED_USER_NOT_FOUND: 'This user is not on your ignore list.',
  IGNORED_USER_EXISTS: 'This user is already on your ignore list.',
  CANNOT_INVITE_SELF: 'You cannot invite yourself as a global editor.',
  ALREADY_GLOBAL_EDITOR: 'This user is already one of your global editors.',
  INVITE_ALREADY_PENDING: 'An invite to this user is already pending.',
  INVITE_NOT_FOUND: 'Invite not found.',
  INVITE_ALREADY_ANSWERED: 'This invite has already been answered.',
  GLOBAL_EDITOR_NOT_FOUND: 'Global editor not found.',
  USER_NOT_FOUND: 'User not found.',
  USER_ALREADY_EXISTS: 'User already exists in database',
  NOT_FOUND: 'Not found.',
  OVERLAY_LINK_NOT_FOUND: 'Overlay link not found.',
  LOGIN_SESSION_NOT_FOUND: 'Login session not found.',
  OVERLAY_LINK_REFUSED: 'An overlay link cannot do this.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  CONFLICT: 'The request conflicts with the current state.',
  CSRF_REJECTED: 'Cross-site request refused.',
  LAST_ADMIN: 'An admin cannot demote, reject or delete the last admin.',
  SIGN_IN_FAILED: 'Twitch sign-in failed. Please try again.',
  RATE_LIMITED: 'Too many requests. Please try again later.',
  TWITCH_UNAVAILABLE: 'Twitch could not be reached. Please try again.',
  TWITCH_AUTHORIZATION_REVOKED:
    "You were signed out because Greetboard's access to your Twitch account was removed. Sign in again to continue.",
  SERVICE_UNAVAILABLE: 'The service is unavailable. Please try again.',
  SERVICE_TIMEOUT: 'The service did not answer in time. Please try again.',
  DATABASE_UNAVAILABLE: 'The database is unavailable. Please try again.',
  INTERNAL: 'Something went wrong. Please try again.',
  ...LIMIT_ERROR_CODES,
  ...WELCOME_ERROR_CODES,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
