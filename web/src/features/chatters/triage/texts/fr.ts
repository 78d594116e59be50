import type { TriageTexts } from './en';

/** Les textes français du comptoir d'accueil. */
export const fr: TriageTexts = {
  order: 'Ordre',
  orderNext: 'Prochains à saluer',
  orderNewest: 'Plus récents d’abord',
  search: 'Rechercher des chatteurs',
  searchPlaceholder: 'Nom ou identifiant',
  matches_one: '{{count}} chatteur sur {{total}} correspond',
  matches_many: '{{count}} chatteurs sur {{total}} correspondent',
  matches_other: '{{count}} chatteurs sur {{total}} correspondent',
  noMatches: 'Aucun chatteur ne correspond à « {{query}} ».',
  greeted: 'Salué',
  keys: 'Raccourcis clavier',
  keysHint: 'Saluez au clavier : appuyez sur ? pour voir les touches.',
  keyMove: 'Aller au chatteur suivant ou précédent',
  keyGreet: 'Saluer ou ne plus saluer le chatteur sélectionné',
  keyUndo: 'Annuler le dernier changement de salut',
  keySearch: 'Rechercher des chatteurs',
  keyHelp: 'Afficher ces raccourcis',
  keyClose: 'Quitter la recherche ou fermer cette boîte de dialogue',
  close: 'Fermer',
};
