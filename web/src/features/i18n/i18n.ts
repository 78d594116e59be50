import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../../locales/en';
import { readStored } from '../../app/local-storage';
import { isNamespace, readTexts } from './namespaces';

export const LANGUAGES = ['en', 'de', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Where the chosen language is remembered (the settings screen will write it). */
export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** i18next's backend: a namespace's file in a language arrives by dynamic import (namespaces.ts). */
export const textFiles: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    if (!isLanguage(language) || !isNamespace(namespace)) {
      callback(new Error(`No texts for ${namespace} in ${language}`), false);
      return;
    }
    readTexts(namespace, language).then(
      (texts) => callback(null, texts),
      (error: unknown) => {
        console.warn(`Could not load the ${namespace} texts in ${language}`, error);
        // false: no retry; English, loaded beside every language, stands in.
        callback(error instanceof Error ? error : new Error(String(error)), false);
      },
    );
  },
};

export const i18n: I18n = i18next.createInstance();

/**
 * Initialises i18next with English, then switches to the stored language once it has loaded.
 * English's main texts ship in the main bundle; every other file loads through `textFiles`.
 */
export async function initI18n(language: string | null = readStored(LANGUAGE_STORAGE_KEY)) {
  await i18n
    .use(textFiles)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      ns: ['translation'],
      defaultNS: 'translation',
      // A screen's `t` from `useTranslation('<its namespace>')` still finds the common texts.
      fallbackNS: 'translation',
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
      // Screens show their own spinner while `ready` is false, rather than suspending the page.
      react: { useSuspense: false },
    });
  document.documentElement.lang = 'en';
  if (isLanguage(language) && language !== 'en') await changeLanguage(language);
}

/**
 * Loads the language's files of every namespace in use, then switches, so the screen shown
 * changes language at once; a language whose main file fails to load is not switched to.
 */
export async function changeLanguage(language: Language) {
  await i18n.loadLanguages(language);
  if (!i18n.hasResourceBundle(language, 'translation')) {
    console.warn(`Could not load language ${language}; staying on English`);
    return;
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
