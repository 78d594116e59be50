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
  confirmTitle_one: 'Greet {{count}} raider?',
  confirmTitle_other: 'Greet {{count}} raiders?',
  confirmWho:
    'New chatters whose first message came within {{seconds}} seconds of the raid by {{raider}}. Subscribers and chatters who were here before are left out.',
  confirmList: 'Raiders to greet',
  confirmGreet_one: 'Greet {{count}} raider',
  confirmGreet_other: 'Greet {{count}} raiders',
  confirmLoading: 'Loading the raiders…',
  confirmFailed: 'Could not load the raiders. Please try again.',
  confirmNone: 'Every raider of this raid is greeted already.',
  windowTitle: 'Raids',
  windowDescription:
    'A chatter counts as a raider when their first message comes within this time after a raid and they were not in the session before. Subscription notices never count.',
  windowLabel: 'Raid window in seconds',
  windowHint: '15 to 600 seconds, 90 by default. Applies to raids from now on.',
  windowSave: 'Save',
  windowSaved: 'Raid window saved.',
  windowFailed: 'Could not save the raid window. Please try again.',
};

/** Every language has these keys, and a `_many` form of a count where the language has one. */
export type RaidTexts = { [K in keyof typeof en]: string } & {
  [K in keyof typeof en as K extends `${infer Base}_other` ? `${Base}_many` : never]?: string;
};
