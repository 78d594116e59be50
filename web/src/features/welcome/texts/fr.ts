import type { WelcomeTexts } from './en';

/** The welcome in chat panel's French texts (ADR 0054). */
export const fr: WelcomeTexts = {
  title: 'Bienvenue dans le chat',
  on: 'Activé',
  off: 'Désactivé',
  description:
    'Quand vous ou un éditeur saluez un chatteur, Greetboard publie ce message dans votre chat en votre nom {{seconds}} secondes plus tard. Annulez le salut avant et rien n’est envoyé.',
  enabled: 'Envoyer un message de bienvenue quand un chatteur est salué',
  firstTime: 'Nouveaux chatteurs',
  returning: 'Chatteurs de retour',
  raider: 'Raiders',
  placeholders: 'Espaces réservés : {{list}}',
  emptyMeansNone: 'Laissez un message vide pour ne rien envoyer à ce type de chatteur.',
  shoutoutRaiders: 'Faire un shoutout aux raiders automatiquement',
  save: 'Enregistrer',
  saved: 'Paramètres de bienvenue enregistrés.',
  saveFailed: 'Impossible d’enregistrer les paramètres de bienvenue.',
  ownerOnly: 'Seul le propriétaire de la session peut modifier ces paramètres.',
  signInAgainChat:
    'Reconnectez-vous pour autoriser les messages dans le chat : Greetboard ne peut pas encore écrire dans votre chat.',
  signInAgainShoutouts: 'Reconnectez-vous pour autoriser les shoutouts.',
  signInAgain: 'Se reconnecter',
  length: '{{used}} / {{max}}',
  messages: 'Messages de bienvenue',
  noMessages: 'Aucun message de bienvenue pour l’instant.',
  status: {
    pending: 'En attente',
    held: 'Retenu (limite de débit)',
    sent: 'Envoyé',
    dropped: 'Non envoyé',
    failed: 'Non envoyé',
  },
  reason: 'Twitch indique : « {{message}} » ({{code}})',
  reasonCode: 'Raison : {{code}}',
  raidShoutouts: 'Shoutouts des raids',
  noRaidShoutouts: 'Aucun shoutout de raid pour l’instant.',
  raidBy: 'A fait un raid sur votre chaîne',
  shoutoutStatus: {
    sent: 'Shoutout envoyé',
    refused: 'Shoutout refusé',
  },
};
