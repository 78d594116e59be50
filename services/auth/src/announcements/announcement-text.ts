import type { Language } from '@greetboard/contracts';

/**
 * What the bot posts in the owner's chat, in the owner's language (their settings): the
 * chat sees the streamer speaking, so it speaks the streamer's language.
 */
const TEXTS: Record<Language, { started: string; ended: string }> = {
  en: {
    started: 'Greetboard: greeting session "{name}" started — say hi!',
    ended: 'Greetboard: greeting session "{name}" ended. Thanks for chatting!',
  },
  de: {
    started: 'Greetboard: Begrüßungssitzung "{name}" gestartet — sag hallo!',
    ended: 'Greetboard: Begrüßungssitzung "{name}" beendet. Danke fürs Chatten!',
  },
  es: {
    started: 'Greetboard: la sesión de saludos "{name}" ha comenzado — ¡saluda!',
    ended: 'Greetboard: la sesión de saludos "{name}" ha terminado. ¡Gracias por chatear!',
  },
  fr: {
    started: 'Greetboard : la session d’accueil "{name}" a commencé — dites bonjour !',
    ended: 'Greetboard : la session d’accueil "{name}" est terminée. Merci d’avoir discuté !',
  },
};

export function announcementText(
  name: string,
  isActive: boolean,
  language: Language = 'en',
): string {
  const texts = TEXTS[language] ?? TEXTS.en;
  return (isActive ? texts.started : texts.ended).replace('{name}', () => name);
}
