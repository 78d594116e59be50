import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { en, type LocaleMessages } from '../../locales/en';
import { readStored } from '../../app/local-storage';

export const LANGUAGES = ['en', 'de', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Where the chosen language is remembered (the settings screen will write it). */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

interface LoadedLanguage {
  messages: LocaleMessages;
  dateLocale: Locale;
}

/** English ships in the main bundle; the others load on demand so the overlay stays small. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<LoadedLanguage>> = {
  de: async () => ({
    messages: (await import('../../locales/de')).de,
    dateLocale: (await import('date-fns/locale/de')).de,
  }),
  es: async () => ({
    messages: (await import('../../locales/es')).es,
    dateLocale: (await import('date-fns/locale/es')).es,
  }),
  fr: async () => ({
    messages: (await import('../../locales/fr')).fr,
    dateLocale: (await import('date-fns/locale/fr')).fr,
  }),
};

const dateLocales: Partial<Record<Language, Locale>> = { en: enUS };

export function dateLocaleFor(language: string): Locale {
  return (isLanguage(language) && dateLocales[language]) || enUS;
}

export const i18n: I18n = i18next.createInstance();

const preparers = new Set<(language: Language) => Promise<void>>();
/** Work to finish before a newly chosen language is shown, such as loading a screen's texts. */
export function beforeLanguageShown(prepare: (language: Language) => Promise<void>) {
  preparers.add(prepare);
}

/** Initialises i18next with English, then switches to the stored language once it has loaded. */
export async function initI18n(language: string | null = readStored(LANGUAGE_STORAGE_KEY)) {
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = 'en';
  if (isLanguage(language) && language !== 'en') await changeLanguage(language);
}

export async function changeLanguage(language: Language) {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    try {
      const loaded = await loaders[language]();
      i18n.addResourceBundle(language, 'translation', loaded.messages);
      dateLocales[language] = loaded.dateLocale;
    } catch (error) {
      console.warn(`Could not load language ${language}; staying on English`, error);
      return;
    }
  }
  await Promise.all([...preparers].map((prepare) => prepare(language)));
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
