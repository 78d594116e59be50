import { defineFeatureTexts, useFeatureTexts } from '../../i18n/feature-texts';

/**
 * The greeting desk's texts (`triage.*`: order, search, badges, keyboard help) travel with the
 * dashboard and the session page, not in the language files the overlay loads too.
 */
export const triageTexts = defineFeatureTexts('triage', {
  en: () => import('./texts/en').then((texts) => texts.en),
  de: () => import('./texts/de').then((texts) => texts.de),
  es: () => import('./texts/es').then((texts) => texts.es),
  fr: () => import('./texts/fr').then((texts) => texts.fr),
});

/** `useTranslation`, plus whether the desk's texts of the language shown are ready. */
export const useTriageTexts = () => useFeatureTexts(triageTexts);
