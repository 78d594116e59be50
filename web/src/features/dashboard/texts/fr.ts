import type { DashboardTexts } from './en';

export const fr: DashboardTexts = {
  title: 'Tableau de bord',
  description: 'Gérez vos sessions de salut et saluez les personnes de votre chat.',
  pendingTitle: 'Compte en attente d’approbation',
  pendingMessage:
    'Votre compte attend l’approbation d’un administrateur. Vous pouvez explorer, mais pas encore lancer de sessions.',
  totalSessions: 'Sessions au total',
  activeSessions: 'Sessions actives',
  totalChatters: 'Chatteurs au total',
  greeted: 'Salués',
  sessions: 'Sessions',
  newSession: 'Nouvelle session',
  needsApproval: 'Le compte doit être approuvé pour créer des sessions',
  noSessions: 'Aucune session pour le moment. Créez votre première session pour commencer !',
  chatters: 'Chatteurs',
  chattersOf: 'Chatteurs : {{name}}',
  selectSession: 'Sélectionnez une session pour voir ses chatteurs',
  selectHint:
    "Cliquez sur l'icône en forme d'œil à côté d'une session pour afficher ses chatteurs ici.",
  noChatters: 'Aucun chatteur pour le moment. Lancez la session pour commencer le suivi !',
  noChattersActive: 'Aucun chatteur pour le moment. En attente de messages dans votre chat...',
  scopeAll: 'Toutes les sessions',
  scopeSelected: 'Session sélectionnée : {{name}}',
  scopeNone: 'Sélectionnez une session',
};
