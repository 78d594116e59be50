/** The raid banner's English texts (ADR 0032). */
export const en = {
  region: 'Raid',
  banner_one: '{{raider}} is raiding with {{count}} viewer',
  banner_other: '{{raider}} is raiding with {{count}} viewers',
  greetAll: 'Greet all raiders ({{count}})',
  greeted_one: 'Greeted {{count}} raider.',
  greeted_other: 'Greeted {{count}} raiders.',
  undo: 'Undo',
  undone_one: 'Un-greeted {{count}} raider again.',
  undone_other: 'Un-greeted {{count}} raiders again.',
  failed: 'Could not change the raiders. Please try again.',
  raider: 'Raider',
  keyGreetAll: 'Greet all raiders of the raid shown',
  keyUndoAll: 'Undo greeting all raiders',
};

/** Every language has these keys, and a `_many` form of a count where the language has one. */
export type RaidTexts = { [K in keyof typeof en]: string } & {
  [K in keyof typeof en as K extends `${infer Base}_other` ? `${Base}_many` : never]?: string;
};
