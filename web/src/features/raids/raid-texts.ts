import { defineFeatureTexts, useFeatureTexts } from '../i18n/feature-texts';

/**
 * The raid banner's texts (`raids.*`) travel with the dashboard and the session page; the
 * overlay shows no raid banner and does not load them.
 */
export const raidTexts = defineFeatureTexts('raids', {
  en: () => import('./texts/en').then((texts) => texts.en),
  de: () => import('./texts/de').then((texts) => texts.de),
  es: () => import('./texts/es').then((texts) => texts.es),
  fr: () => import('./texts/fr').then((texts) => texts.fr),
});

/** `useTranslation`, plus whether the raid texts of the language shown are ready. */
export const useRaidTexts = () => useFeatureTexts(raidTexts);
