import { defineFeatureTexts } from '../i18n/feature-texts';

/** The legal pages' long texts (`legal.*`), loaded with these pages in the reader's language. */
export const legalTexts = defineFeatureTexts('legal', {
  en: () => import('./texts/en').then((texts) => texts.en),
  de: () => import('./texts/de').then((texts) => texts.de),
  es: () => import('./texts/es').then((texts) => texts.es),
  fr: () => import('./texts/fr').then((texts) => texts.fr),
});
