/** Presence and soft claims in English. */
export const en = {
  alsoHere: 'Also here',
  isGreeting: '{{name}} is greeting',
  severalGreeting: '{{names}} are greeting',
};

export type PresenceTexts = typeof en;
