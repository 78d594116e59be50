import type { PresenceTexts } from './en';

/** Présence et réservations souples en français. */
export const fr: PresenceTexts = {
  alsoHere: 'Également ici',
  isGreeting: '{{name}} est en train de saluer',
  severalGreeting: '{{names}} sont en train de saluer',
};
