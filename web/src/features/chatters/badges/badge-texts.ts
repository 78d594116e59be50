import { defineFeatureTexts, useFeatureTexts } from '../../i18n/feature-texts';

/**
 * The chatter badges' texts (`badges.*`) load with the screens that show badges (dashboard,
 * session page), not in the language files every route loads.
 */
export const badgeTexts = defineFeatureTexts('badges', {
  en: () => import('./texts/en').then((texts) => texts.en),
  de: () => import('./texts/de').then((texts) => texts.de),
  es: () => import('./texts/es').then((texts) => texts.es),
  fr: () => import('./texts/fr').then((texts) => texts.fr),
});

export const useBadgeTexts = () => useFeatureTexts(badgeTexts);
