/** Error codes of chat welcomes and shoutouts (ADR 0054); part of ERROR_CODES. */
export const WELCOME_ERROR_CODES = {
  WELCOME_MESSAGE_TOO_LONG: 'A welcome message may have at most 500 characters.',
  WELCOME_PLACEHOLDER_UNKNOWN: 'A welcome message uses a placeholder Greetboard does not know.',
  TWITCH_SCOPE_MISSING: 'Sign in again to allow Greetboard to write in your chat.',
  SHOUTOUT_RATE_LIMITED:
    'Twitch allows one shoutout every 2 minutes, and the same channel once an hour. Try again later.',
  SHOUTOUT_REFUSED: 'Twitch refused the shoutout.',
} as const;
