import type { StreamStatusTexts } from './en';

/** The stream-status banner in German. */
export const de: StreamStatusTexts = {
  live: 'Live auf Twitch: {{title}}',
  liveUntitled: 'Live auf Twitch',
  offlineWaiting_one:
    'Stream offline – diese Sitzung läuft weiter, wenn er innerhalb von {{count}} Minute zurückkommt',
  offlineWaiting_other:
    'Stream offline – diese Sitzung läuft weiter, wenn er innerhalb von {{count}} Minuten zurückkommt',
  offlineRunning: 'Stream offline – diese Sitzung liest den Chat weiter, bis du sie beendest',
  offlineRunningForEditor:
    'Stream offline – diese Sitzung liest den Chat weiter, bis der Streamer sie beendet',
};
