/** The chatter badges' English texts (Twitch's flags and Greetboard's own history). */
export const en = {
  firstTime: 'First-time chatter',
  returning: 'Returning chatter',
  backAfter_one: 'Back after {{count}} day',
  backAfter_other: 'Back after {{count}} days',
  backAfterTitle: 'Last seen in one of your streams {{date}}',
  stream_ordinal_one: '{{count}}st stream',
  stream_ordinal_two: '{{count}}nd stream',
  stream_ordinal_few: '{{count}}rd stream',
  stream_ordinal_other: '{{count}}th stream',
  streamTitle_one: 'Seen in {{count}} of your streams, this one included',
  streamTitle_other: 'Seen in {{count}} of your streams, this one included',
};

/**
 * Every language has these keys. i18next picks the forms a language has (German ordinals
 * only use `_ordinal_other`), so a language repeats a form where it has fewer.
 */
export type BadgeTexts = { [K in keyof typeof en]: string } & {
  [K in keyof typeof en as K extends `${infer Base}_other` ? `${Base}_many` : never]?: string;
};
