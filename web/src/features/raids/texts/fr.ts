import type { RaidTexts } from './en';

/** Les textes français de la bannière de raid. */
export const fr: RaidTexts = {
  region: 'Raid',
  banner_one: '{{raider}} lance un raid avec {{count}} spectateur',
  banner_other: '{{raider}} lance un raid avec {{count}} spectateurs',
  banner_many: '{{raider}} lance un raid avec {{count}} spectateurs',
  greetAll: 'Saluer tous les raiders ({{count}})',
  greeted_one: '{{count}} raider salué.',
  greeted_other: '{{count}} raiders salués.',
  greeted_many: '{{count}} raiders salués.',
  undo: 'Annuler',
  undone_one: 'Salut retiré à {{count}} raider.',
  undone_other: 'Salut retiré à {{count}} raiders.',
  undone_many: 'Salut retiré à {{count}} raiders.',
  failed: 'Impossible de modifier les raiders. Veuillez réessayer.',
  raider: 'Raider',
  keyGreetAll: 'Saluer tous les raiders du raid affiché',
  keyUndoAll: 'Annuler « saluer tous les raiders »',
};
