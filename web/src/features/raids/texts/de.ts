import type { RaidTexts } from './en';

/** Die deutschen Texte des Raid-Banners. */
export const de: RaidTexts = {
  region: 'Raid',
  banner_one: '{{raider}} raidet mit {{count}} Zuschauer',
  banner_other: '{{raider}} raidet mit {{count}} Zuschauern',
  greetAll: 'Alle Raider begrüßen ({{count}})',
  greeted_one: '{{count}} Raider begrüßt.',
  greeted_other: '{{count}} Raider begrüßt.',
  undo: 'Rückgängig',
  undone_one: 'Begrüßung von {{count}} Raider zurückgenommen.',
  undone_other: 'Begrüßung von {{count}} Raidern zurückgenommen.',
  failed: 'Die Raider konnten nicht geändert werden. Bitte versuche es erneut.',
  raider: 'Raider',
  keyGreetAll: 'Alle Raider des gezeigten Raids begrüßen',
  keyUndoAll: '„Alle Raider begrüßen“ rückgängig machen',
};
