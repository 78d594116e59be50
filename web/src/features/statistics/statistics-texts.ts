import { useTranslation } from 'react-i18next';
import { i18n, isLanguage, type Language } from '../i18n/i18n';
import { de } from './texts/de';
import { en, type StatisticsTexts } from './texts/en';
import { es } from './texts/es';
import { fr } from './texts/fr';

const TEXTS: Record<Language, StatisticsTexts> = { en, de, es, fr };

/**
 * The statistics texts travel with the screens that use them (this route and the session
 * page's export), not in the language files every route loads, so the overlay's and the
 * dashboard's JavaScript stays as it was. They join the current language's bundle once that
 * bundle is loaded (never before: an early bundle would stop the language file loading).
 */
function addTexts(language: string): boolean {
  if (!isLanguage(language)) return false;
  if (
    i18n.hasResourceBundle(language, 'translation') &&
    !i18n.exists('statistics.title', { lng: language, fallbackLng: [] })
  ) {
    i18n.addResourceBundle(language, 'translation', { statistics: TEXTS[language] }, true, false);
  }
  return true;
}

addTexts('en');

/** `useTranslation`, with the statistics texts added to the language being shown. */
export function useStatisticsTexts() {
  const translation = useTranslation();
  addTexts(translation.i18n.language);
  return translation;
}
