/** The login page's English texts, loaded with that page (see i18n/namespaces.ts). */
export const en = {
  title: 'Sign in to Greetboard',
  subtitle: 'Use your Twitch account to sign in.',
  button: 'Login with Twitch',
  failed: 'Sign-in failed',
  /** Above the reason Greetboard signed the browser out (ADR 0044). */
  signedOut: 'You were signed out',
  errors: {
    cancelled: 'Sign-in was cancelled on Twitch.',
    expired: 'Your sign-in expired or was started in another browser. Please try again.',
    twitchFailed: 'Twitch sign-in failed. Please try again.',
    twitchUnavailable: 'Twitch could not be reached. Please try again.',
    serviceUnavailable: 'The service is unavailable. Please try again.',
    serviceTimeout: 'The service did not answer in time. Please try again.',
    rateLimited: 'Too many requests. Please try again later.',
  },
  featuresTitle: 'What you get',
  feature1: 'Every new chatter listed once, in real time',
  feature2: 'One-click greeting for you and your editors',
  feature3: 'A compact overlay for OBS',
  feature4: 'Statistics for every stream',
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
/** The shape every language has: the English keys, any strings. */
export type LoginTexts = Texts<typeof en>;
