import type { TriageTexts } from './en';

/** Die deutschen Texte des Begrüßungspults. */
export const de: TriageTexts = {
  order: 'Reihenfolge',
  orderOldest: 'Älteste zuerst',
  orderNext: 'Als Nächstes begrüßen',
  orderNewest: 'Neueste zuerst',
  search: 'Chatter suchen',
  searchPlaceholder: 'Name oder Benutzername',
  matches_one: '{{count}} von {{total}} Chattern passt',
  matches_other: '{{count}} von {{total}} Chattern passen',
  noMatches: 'Kein Chatter passt zu „{{query}}“.',
  greeted: 'Begrüßt',
  keys: 'Tastenkürzel',
  keysHint: 'Begrüßen per Tastatur: ? zeigt die Tasten.',
  keyMove: 'Zum nächsten oder vorigen Chatter',
  keyGreet: 'Den gewählten Chatter begrüßen oder die Begrüßung zurücknehmen',
  keyUndo: 'Die letzte Begrüßungsänderung rückgängig machen',
  keySearch: 'Chatter suchen',
  keyHelp: 'Diese Tastenkürzel zeigen',
  keyClose: 'Die Suche verlassen oder diesen Dialog schließen',
  close: 'Schließen',
  updates_one: '{{count}} Änderung',
  updates_other: '{{count}} Änderungen',
  updatesHint: 'Die Liste hält unter dem Zeiger still. Änderungen anzeigen.',
  greetedElsewhere: 'Begrüßt von {{name}}',
};
