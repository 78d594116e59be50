import type { AnnouncementTexts } from './en';

/** The notice of a session announcement Twitch dropped, in Spanish. */
export const es: AnnouncementTexts = {
  dropped: {
    session_started: 'Twitch no publicó el anuncio de que tu sesión empezó.',
    session_ended: 'Twitch no publicó el anuncio de que tu sesión terminó.',
  },
  reason: 'Twitch dice: «{{message}}» ({{code}})',
  reasonCodeOnly: 'Twitch indicó el motivo {{code}}.',
};
