import type { StreamStatusTexts } from './en';

/** The stream-status banner in French. */
export const fr: StreamStatusTexts = {
  live: 'En direct sur Twitch : {{title}}',
  liveUntitled: 'En direct sur Twitch',
  offlineWaiting_one:
    'Stream hors ligne : cette session continue s’il revient d’ici {{count}} minute',
  offlineWaiting_many:
    'Stream hors ligne : cette session continue s’il revient d’ici {{count}} minutes',
  offlineWaiting_other:
    'Stream hors ligne : cette session continue s’il revient d’ici {{count}} minutes',
  offlineRunning: 'Stream hors ligne : cette session lit le chat jusqu’à ce que vous l’arrêtiez',
  offlineRunningForEditor:
    'Stream hors ligne : cette session lit le chat jusqu’à ce que le streamer l’arrête',
};
