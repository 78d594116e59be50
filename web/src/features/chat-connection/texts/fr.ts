import type { ChatConnectionTexts } from './en';

/** The chat connection banner in French. */
export const fr: ChatConnectionTexts = {
  title: 'Non connecté à ton chat Twitch : nouvelle tentative en cours',
  titleForEditor: 'Non connecté au chat Twitch du streamer : nouvelle tentative en cours',
  reason: {
    timeout: "Twitch n'a pas répondu à la connexion au salon",
    refused: "Twitch a refusé la connexion au salon : la chaîne est suspendue ou n'existe pas",
    disconnected: 'Twitch est injoignable',
    unread: "Aucun lecteur de chat n'a pris la chaîne",
  },
};
