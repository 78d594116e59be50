import type { PresenceTexts } from './en';

/** Anwesenheit und weiche Reservierungen auf Deutsch. */
export const de: PresenceTexts = {
  alsoHere: 'Ebenfalls hier',
  isGreeting: '{{name}} begrüßt gerade',
  severalGreeting: '{{names}} begrüßen gerade',
};
