import { defineFeatureTexts, useFeatureTexts } from '../i18n/feature-texts';

/**
 * The session page's texts (`sessionPage.*`), loaded with the page in the reader's language.
 * The two the overlay shows too (`peopleToGreet`, `hideGreeted`) stay in the language files,
 * and these join them under the same key, so the overlay does not carry the rest.
 */
export const sessionPageTexts = defineFeatureTexts('sessionPage', {
  en: () => import('./texts/en').then((texts) => texts.en),
  de: () => import('./texts/de').then((texts) => texts.de),
  es: () => import('./texts/es').then((texts) => texts.es),
  fr: () => import('./texts/fr').then((texts) => texts.fr),
});

/** `useTranslation`, plus whether the session page's texts of the language shown are ready. */
export const useSessionPageTexts = () => useFeatureTexts(sessionPageTexts);
