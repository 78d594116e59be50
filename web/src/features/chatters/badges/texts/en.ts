/** The chatter badges' English texts (Twitch's flags and Greetboard's own history). */
export const en = {
  firstTime: 'First-time chatter',
  returning: 'Returning chatter',
  backAfter_one: 'Back after {{count}} day',
  backAfter_other: 'Back after {{count}} days',
  backAfterTitle: 'Last seen in one of your streams {{date}}',
  streamOrdinalOne: '{{n}}st stream',
  streamOrdinalTwo: '{{n}}nd stream',
  streamOrdinalFew: '{{n}}rd stream',
  streamOrdinalOther: '{{n}}th stream',
  streamTitle_one: 'Seen in {{count}} of your streams, this one included',
  streamTitle_other: 'Seen in {{count}} of your streams, this one included',
  banned: 'Banned',
  timedOut: 'Timed out',
  timedOutTitle: 'Timed out on Twitch until {{time}}',
  firstMessageDeleted: 'First message deleted',
  showModerated: 'Show banned and timed out',
};

/**
 * Every language has these keys. The stream ordinal is picked by the language's ordinal rule
 * (Intl.PluralRules, `type: 'ordinal'`); a language with fewer forms (German: one) repeats it.
 */
export type BadgeTexts = { [K in keyof typeof en]: string } & {
  [K in keyof typeof en as K extends `${infer Base}_other` ? `${Base}_many` : never]?: string;
};
