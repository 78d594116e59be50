import type { SessionPageTexts } from './en';

/** The session page's texts in German (`sessionPage.*`, beside the two the overlay shares). */
export const de: SessionPageTexts = {
  stats: 'Sitzungsstatistik',
  totalChatters: 'Chatter gesamt',
  greeted: 'Begrüßt',
  pending: 'Ausstehend',
  progress: 'Fortschritt',
  noChatters: 'Noch keine Chatter',
  waiting: 'Warte darauf, dass in deinem Stream gechattet wird...',
  startHint: 'Starte die Sitzung, um deinen Chat zu überwachen!',
  allHidden: 'Keine Chatter anzuzeigen',
  allHiddenHint: 'Schalte „Begrüßte ausblenden“ um',
  notFound: 'Sitzung nicht gefunden',
  notFoundText: 'Diese Sitzung existiert nicht oder du kannst sie nicht sehen.',
};
