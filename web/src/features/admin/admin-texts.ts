import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, isLanguage, type Language } from '../i18n/i18n';
import type { AdminMessages } from './locales/en';

/**
 * The admin panel's texts load with the panel (admins only), not with every language's main
 * chunk: the overlay's JavaScript budget has no room for them.
 */
const loaders: Record<Language, () => Promise<AdminMessages>> = {
  en: async () => (await import('./locales/en')).adminEn,
  de: async () => (await import('./locales/de')).adminDe,
  es: async () => (await import('./locales/es')).adminEs,
  fr: async () => (await import('./locales/fr')).adminFr,
};

const loaded = (language: Language) =>
  i18n.exists('admin.title', { lng: language, fallbackLng: [] });

async function ensure(language: Language): Promise<void> {
  if (loaded(language)) return;
  const admin = await loaders[language]();
  i18n.addResourceBundle(language, 'translation', { admin }, true, false);
}

/**
 * True once the admin texts of the current language (and English, the fallback) are there.
 * Only a language whose main texts have loaded is current, so adding to it merges, never
 * stands in for the main bundle.
 */
export function useAdminTexts(): boolean {
  const { i18n: instance } = useTranslation();
  const language: Language = isLanguage(instance.language) ? instance.language : 'en';
  const [readyFor, setReadyFor] = useState<Language | null>(() =>
    loaded(language) && loaded('en') ? language : null,
  );
  useEffect(() => {
    let current = true;
    Promise.all([ensure('en'), ensure(language)])
      .then(() => current && setReadyFor(language))
      .catch((error: unknown) => console.warn('Could not load the admin texts', error));
    return () => {
      current = false;
    };
  }, [language]);
  return readyFor === language;
}
