/** The welcome in chat panel's English texts (ADR 0054). */
export const en = {
  title: 'Welcome in chat',
  on: 'On',
  off: 'Off',
  description:
    'When you or an editor greets a chatter, Greetboard posts this message in your chat as you, {{seconds}} seconds later. Undo the greet before then and nothing is sent.',
  enabled: 'Send a welcome message when a chatter is greeted',
  firstTime: 'First-time chatters',
  returning: 'Returning chatters',
  raider: 'Raiders',
  placeholders: 'Placeholders: {{list}}',
  emptyMeansNone: 'Leave a message empty to send nothing to that kind of chatter.',
  shoutoutRaiders: 'Shout out raiders automatically',
  save: 'Save',
  saved: 'Welcome settings saved.',
  saveFailed: 'Could not save the welcome settings.',
  ownerOnly: 'Only the session owner can change these settings.',
  signInAgainChat:
    'Sign in again to allow chat messages: Greetboard may not yet write in your chat.',
  signInAgainShoutouts: 'Sign in again to allow shoutouts.',
  signInAgain: 'Sign in again',
  length: '{{used}} / {{max}}',
  messages: 'Welcome messages',
  noMessages: 'No welcome messages yet.',
  status: {
    pending: 'Waiting',
    held: 'Held back (rate limit)',
    sent: 'Sent',
    dropped: 'Not sent',
    failed: 'Not sent',
  },
  reason: 'Twitch says: “{{message}}” ({{code}})',
  reasonCode: 'Reason: {{code}}',
  raidShoutouts: 'Raid shoutouts',
  noRaidShoutouts: 'No raid shouted out yet.',
  raidBy: 'Raided your channel',
  shoutoutStatus: {
    sent: 'Shoutout sent',
    refused: 'Shoutout refused',
  },
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
/** The shape every language has: the English keys, any strings. */
export type WelcomeTexts = Texts<typeof en>;
