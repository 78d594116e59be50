import type { ChatConnectionTexts } from './en';

/** The chat connection banner in German. */
export const de: ChatConnectionTexts = {
  title: 'Nicht mit deinem Twitch-Chat verbunden: neuer Versuch läuft',
  titleForEditor: 'Nicht mit dem Twitch-Chat des Streamers verbunden: neuer Versuch läuft',
  reason: {
    timeout: 'Twitch hat auf den Beitritt nicht geantwortet',
    refused: 'Twitch hat den Beitritt abgelehnt: Der Kanal ist gesperrt oder existiert nicht',
    disconnected: 'Twitch ist nicht erreichbar',
    unread: 'Kein Chat-Leser hat den Kanal übernommen',
  },
};
