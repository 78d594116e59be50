/** A chatter's card (ADR 0055), in English. */
export const en = {
  description: 'What Greetboard and Twitch know about this chatter.',
  firstMessage: 'First message',
  messages: 'Messages',
  badges: 'Twitch badges',
  noBadges: 'None',
  broadcaster: 'Broadcaster',
  moderator: 'Moderator',
  vip: 'VIP',
  subscriber: 'Subscriber',
  subscriberFor_one: 'Subscriber ({{count}}+ month)',
  subscriberFor_other: 'Subscriber ({{count}}+ months)',
  accountCreated: 'Account created',
  accountCreatedValue: '{{date}} ({{age}})',
  notKnownYet: 'Not known yet',
  streamsSeen: 'Streams seen',
  streamsSeenValue_one: '{{count}} (this one)',
  streamsSeenValue_other: '{{count}}, this one included',
  lastSeen: 'Last seen before',
  lastSeenNever: 'Never before this stream',
  moderation: 'Moderation',
  moderationNone: 'None',
  banned: 'Banned',
  timedOutUntil: 'Timed out until {{time}}',
  firstMessageDeleted: 'First message deleted',
  greet: 'Mark as greeted',
  ungreet: 'Mark as not greeted',
  ignore: 'Ignore',
  ignored: '{{name}} is now on your ignore list',
  ignoreFailed: 'Could not add {{name}} to your ignore list',
  shoutout: 'Shoutout',
  shoutoutSent: 'Shoutout sent for {{name}}',
  shoutoutFailed: 'The shoutout failed',
  loadFailed: 'Could not load the details.',
  close: 'Close',
};

/** Every language has these keys, and a `_many` form of a count where the language has one. */
export type ChatterCardTexts = { [K in keyof typeof en]: string } & {
  [K in keyof typeof en as K extends `${infer Base}_other` ? `${Base}_many` : never]?: string;
};
