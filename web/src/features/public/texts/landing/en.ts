/** The landing page's English texts, loaded with that page (see i18n/namespaces.ts). */
export const en = {
  title: 'Greetboard',
  subtitle: 'Never miss a chatter again',
  description:
    'Greetboard watches your Twitch chat during a stream, lists every new chatter once and lets you or your editors greet each of them with one click.',
  cta: 'Login with Twitch',
  featuresTitle: 'Features',
  features: {
    realtimeTitle: 'Real-time chatters',
    realtimeText: 'New chatters appear the moment they write their first message.',
    greetTitle: 'One-click greeting',
    greetText: 'Mark a chatter as greeted with a single click, on every screen at once.',
    sessionsTitle: 'Greeting sessions',
    sessionsText: 'Keep a separate session for every stream.',
    overlayTitle: 'OBS overlay',
    overlayText: 'A compact view for a browser source or a dock in your broadcast software.',
    filtersTitle: 'Filters',
    filtersText: 'Ignore bots and specific users, and filter by keywords.',
    editorsTitle: 'Editors',
    editorsText: 'Invite helpers who greet chatters for you.',
    themesTitle: 'Light and dark',
    themesText: 'Choose the theme that suits your setup.',
    languagesTitle: 'Four languages',
    languagesText: 'English, German, Spanish and French.',
  },
  screenshotsTitle: 'See it in action',
  screenshotSoon: 'Screenshot Coming Soon',
  closingTitle: 'Ready to greet your community?',
  closingText: 'Sign in with your Twitch account and start your first session.',
  closingCta: 'Get started',
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
/** The shape every language has: the English keys, any strings. */
export type LandingTexts = Texts<typeof en>;
