/** Error codes of the per-user limits; part of ERROR_CODES. */
export const LIMIT_ERROR_CODES = {
  SESSION_CREATION_RATE_LIMITED: 'Too many sessions created. Please wait a minute.',
  LIVE_SOCKET_LIMIT: 'Too many live connections are open for this account.',
} as const;
