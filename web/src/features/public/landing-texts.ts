import { defineFeatureTexts } from '../i18n/feature-texts';

/** The landing page's texts (`landing.*`), loaded with that page in the reader's language. */
export const landingTexts = defineFeatureTexts('landing', {
  en: () => import('./texts/landing/en').then((texts) => texts.en),
  de: () => import('./texts/landing/de').then((texts) => texts.de),
  es: () => import('./texts/landing/es').then((texts) => texts.es),
  fr: () => import('./texts/landing/fr').then((texts) => texts.fr),
});
