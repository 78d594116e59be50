import type { SessionPageTexts } from './en';

/** The session page's texts in French (`sessionPage.*`, beside the two the overlay shares). */
export const fr: SessionPageTexts = {
  stats: 'Statistiques de la session',
  totalChatters: 'Chatteurs au total',
  greeted: 'Salués',
  pending: 'En attente',
  progress: 'Progression',
  noChatters: 'Aucun chatteur pour le moment',
  waiting: 'En attente de messages dans votre chat...',
  startHint: 'Lancez la session pour commencer à suivre votre chat !',
  allHidden: 'Aucun chatteur à afficher',
  allHiddenHint: 'Désactivez « Masquer les salués »',
  notFound: 'Session introuvable',
  notFoundText: "Cette session n'existe pas ou vous ne pouvez pas la voir.",
};
