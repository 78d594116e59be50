import type { AnnouncementTexts } from './en';

/** The notice of a session announcement Twitch dropped, in German. */
export const de: AnnouncementTexts = {
  dropped: {
    session_started: 'Twitch hat die Ankündigung, dass deine Session begonnen hat, nicht gepostet.',
    session_ended: 'Twitch hat die Ankündigung, dass deine Session beendet ist, nicht gepostet.',
  },
  reason: 'Twitch meldet: „{{message}}“ ({{code}})',
  reasonCodeOnly: 'Twitch nennt als Grund {{code}}.',
};
