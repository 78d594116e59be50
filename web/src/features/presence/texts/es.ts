import type { PresenceTexts } from './en';

/** Presencia y reservas suaves en español. */
export const es: PresenceTexts = {
  alsoHere: 'También aquí',
  isGreeting: '{{name}} está saludando',
  severalGreeting: '{{names}} están saludando',
};
