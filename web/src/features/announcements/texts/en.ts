/**
 * The notice of a session announcement Twitch dropped, in English (ADR 0044). Twitch's own
 * reason is shown as Twitch wrote it, in English.
 */
export const en = {
  dropped: {
    session_started: 'Twitch did not post the announcement that your session started.',
    session_ended: 'Twitch did not post the announcement that your session ended.',
  },
  reason: 'Twitch says: “{{message}}” ({{code}})',
  reasonCodeOnly: 'Twitch gave the reason {{code}}.',
};

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
/** The shape every language has: the English keys, any strings. */
export type AnnouncementTexts = Texts<typeof en>;
