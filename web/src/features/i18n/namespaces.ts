import type { Language } from './i18n';

/** A namespace's file in one language: a module exporting its texts under the language's name. */
type TextFile = () => Promise<Partial<Record<Language, object>>>;

/**
 * Every namespace and where its file lies in each language. Each file is a chunk of its own,
 * so a screen downloads only the namespaces it asks for (`useTranslation(ns)`), in the reader's
 * language and English: the overlay, which asks for 'translation' alone, carries none of the rest.
 */
const FILES = {
  translation: {
    en: () => import('../../locales/en'),
    de: () => import('../../locales/de'),
    es: () => import('../../locales/es'),
    fr: () => import('../../locales/fr'),
  },
  errors: {
    en: () => import('./errors/en'),
    de: () => import('./errors/de'),
    es: () => import('./errors/es'),
    fr: () => import('./errors/fr'),
  },
  announcements: {
    en: () => import('../announcements/texts/en'),
    de: () => import('../announcements/texts/de'),
    es: () => import('../announcements/texts/es'),
    fr: () => import('../announcements/texts/fr'),
  },
  admin: {
    en: () => import('../admin/locales/en'),
    de: () => import('../admin/locales/de'),
    es: () => import('../admin/locales/es'),
    fr: () => import('../admin/locales/fr'),
  },
  chatConnection: {
    en: () => import('../chat-connection/texts/en'),
    de: () => import('../chat-connection/texts/de'),
    es: () => import('../chat-connection/texts/es'),
    fr: () => import('../chat-connection/texts/fr'),
  },
  badges: {
    en: () => import('../chatters/badges/texts/en'),
    de: () => import('../chatters/badges/texts/de'),
    es: () => import('../chatters/badges/texts/es'),
    fr: () => import('../chatters/badges/texts/fr'),
  },
  chatterCard: {
    en: () => import('../chatters/card/texts/en'),
    de: () => import('../chatters/card/texts/de'),
    es: () => import('../chatters/card/texts/es'),
    fr: () => import('../chatters/card/texts/fr'),
  },
  dashboard: {
    en: () => import('../dashboard/texts/en'),
    de: () => import('../dashboard/texts/de'),
    es: () => import('../dashboard/texts/es'),
    fr: () => import('../dashboard/texts/fr'),
  },
  landing: {
    en: () => import('../public/texts/landing/en'),
    de: () => import('../public/texts/landing/de'),
    es: () => import('../public/texts/landing/es'),
    fr: () => import('../public/texts/landing/fr'),
  },
  legal: {
    en: () => import('../legal/texts/en'),
    de: () => import('../legal/texts/de'),
    es: () => import('../legal/texts/es'),
    fr: () => import('../legal/texts/fr'),
  },
  login: {
    en: () => import('../public/texts/login/en'),
    de: () => import('../public/texts/login/de'),
    es: () => import('../public/texts/login/es'),
    fr: () => import('../public/texts/login/fr'),
  },
  presence: {
    en: () => import('../presence/texts/en'),
    de: () => import('../presence/texts/de'),
    es: () => import('../presence/texts/es'),
    fr: () => import('../presence/texts/fr'),
  },
  raids: {
    en: () => import('../raids/texts/en'),
    de: () => import('../raids/texts/de'),
    es: () => import('../raids/texts/es'),
    fr: () => import('../raids/texts/fr'),
  },
  sessionPage: {
    en: () => import('../session-page/texts/en'),
    de: () => import('../session-page/texts/de'),
    es: () => import('../session-page/texts/es'),
    fr: () => import('../session-page/texts/fr'),
  },
  settings: {
    en: () => import('../settings/texts/en'),
    de: () => import('../settings/texts/de'),
    es: () => import('../settings/texts/es'),
    fr: () => import('../settings/texts/fr'),
  },
  statistics: {
    en: () => import('../statistics/texts/en'),
    de: () => import('../statistics/texts/de'),
    es: () => import('../statistics/texts/es'),
    fr: () => import('../statistics/texts/fr'),
  },
  streamStatus: {
    en: () => import('../stream-status/texts/en'),
    de: () => import('../stream-status/texts/de'),
    es: () => import('../stream-status/texts/es'),
    fr: () => import('../stream-status/texts/fr'),
  },
  triage: {
    en: () => import('../chatters/triage/texts/en'),
    de: () => import('../chatters/triage/texts/de'),
    es: () => import('../chatters/triage/texts/es'),
    fr: () => import('../chatters/triage/texts/fr'),
  },
  welcome: {
    en: () => import('../welcome/texts/en'),
    de: () => import('../welcome/texts/de'),
    es: () => import('../welcome/texts/es'),
    fr: () => import('../welcome/texts/fr'),
  },
} satisfies Record<string, Record<Language, TextFile>>;

export type Namespace = keyof typeof FILES;
export const NAMESPACES: Record<Namespace, Record<Language, TextFile>> = FILES;

export function isNamespace(value: string): value is Namespace {
  return Object.hasOwn(NAMESPACES, value);
}

/** One namespace's texts in one language. */
export async function readTexts(namespace: Namespace, language: Language): Promise<object> {
  const texts = (await NAMESPACES[namespace][language]())[language];
  if (!texts) throw new Error(`${namespace}/${language} exports no '${language}' texts`);
  return texts;
}
