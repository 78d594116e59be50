import { defineFeatureTexts, useFeatureTexts } from '../i18n/feature-texts';

/** Presence and claim texts (`presence.*`) travel with the dashboard and the session page. */
export const presenceTexts = defineFeatureTexts('presence', {
  en: () => import('./texts/en').then((texts) => texts.en),
  de: () => import('./texts/de').then((texts) => texts.de),
  es: () => import('./texts/es').then((texts) => texts.es),
  fr: () => import('./texts/fr').then((texts) => texts.fr),
});

export const usePresenceTexts = () => useFeatureTexts(presenceTexts);
