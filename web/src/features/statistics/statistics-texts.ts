import { defineFeatureTexts, useFeatureTexts } from '../i18n/feature-texts';

/**
 * The statistics texts (`statistics.*`) travel with the screens that use them (this route and
 * the session page's export), not in the language files every route loads.
 */
export const statisticsTexts = defineFeatureTexts('statistics', {
  en: () => import('./texts/en').then((texts) => texts.en),
  de: () => import('./texts/de').then((texts) => texts.de),
  es: () => import('./texts/es').then((texts) => texts.es),
  fr: () => import('./texts/fr').then((texts) => texts.fr),
});

/** `useTranslation`, plus whether the statistics texts of the language shown are ready. */
export const useStatisticsTexts = () => useFeatureTexts(statisticsTexts);
