/** The greeting desk's English texts: list order, search, badges and keyboard triage. */
export const en = {
  order: 'Order',
  orderOldest: 'Oldest first',
  orderNext: 'Next to greet',
  orderNewest: 'Newest first',
  search: 'Search chatters',
  searchPlaceholder: 'Name or username',
  matches_one: '{{count}} of {{total}} chatters matches',
  matches_other: '{{count}} of {{total}} chatters match',
  noMatches: 'No chatter matches “{{query}}”.',
  greeted: 'Greeted',
  keys: 'Keyboard shortcuts',
  keysHint: 'Greet from the keyboard: press ? for the keys.',
  keyMove: 'Move to the next or previous chatter',
  keyGreet: 'Greet or un-greet the focused chatter',
  keyUndo: 'Undo the last greet change',
  keySearch: 'Search chatters',
  keyHelp: 'Show these shortcuts',
  keyClose: 'Leave the search, or close this dialog',
  close: 'Close',
  updates_one: '{{count}} update',
  updates_other: '{{count}} updates',
  updatesHint: 'The list holds still under the pointer. Show the changes.',
  greetedElsewhere: 'Greeted by {{name}}',
};

/** Every language has these keys, and a `_many` form of a count where the language has one. */
export type TriageTexts = { [K in keyof typeof en]: string } & {
  [K in keyof typeof en as K extends `${infer Base}_other` ? `${Base}_many` : never]?: string;
};
