import type { en } from './texts/login/en';

type LoginErrorName = keyof typeof en.errors;

/**
 * Sign-in failures the gateway sends back as /login?error=…, by code and by the English text
 * it sends today (services/gateway/src/auth/sign-in.controller.ts).
 */
const LOGIN_ERRORS: Record<LoginErrorName, { code: string; serverText: string }> = {
  cancelled: { code: 'SIGN_IN_CANCELLED', serverText: 'Sign-in was cancelled on Twitch.' },
  expired: {
    code: 'SIGN_IN_EXPIRED',
    serverText: 'Your sign-in expired or was started in another browser. Please try again.',
  },
  twitchFailed: { code: 'SIGN_IN_FAILED', serverText: 'Twitch sign-in failed. Please try again.' },
  twitchUnavailable: {
    code: 'TWITCH_UNAVAILABLE',
    serverText: 'Twitch could not be reached. Please try again.',
  },
  serviceUnavailable: {
    code: 'SERVICE_UNAVAILABLE',
    serverText: 'The service is unavailable. Please try again.',
  },
  serviceTimeout: {
    code: 'SERVICE_TIMEOUT',
    serverText: 'The service did not answer in time. Please try again.',
  },
  rateLimited: { code: 'RATE_LIMITED', serverText: 'Too many requests. Please try again later.' },
};

/**
 * The text key for the login page's `error` parameter, or null when there is none. Anything
 * unknown gets the generic text: the page shows no words taken from a link.
 */
export function loginErrorKey(error: string | null): string | null {
  const value = error?.trim();
  if (!value) return null;
  for (const [name, known] of Object.entries(LOGIN_ERRORS)) {
    if (value === known.code || value === known.serverText) return `login:errors.${name}`;
  }
  return 'errors.generic';
}
