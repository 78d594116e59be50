import type { AnnouncementTexts } from './en';

/** The notice of a session announcement Twitch dropped, in French. */
export const fr: AnnouncementTexts = {
  dropped: {
    session_started: "Twitch n'a pas publié l'annonce du début de votre session.",
    session_ended: "Twitch n'a pas publié l'annonce de la fin de votre session.",
  },
  reason: 'Twitch indique : « {{message}} » ({{code}})',
  reasonCodeOnly: 'Twitch a donné le motif {{code}}.',
};
