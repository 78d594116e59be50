import { defineFeatureTexts } from '../i18n/feature-texts';

/** The landing page's texts (`landing.*`), loaded with that page in the reader's language. */
export const landingTexts = defineFeatureTexts('landing', {
  en: () => import('./texts/en').then((texts) => texts.en),
  de: () => import('./texts/de').then((texts) => texts.de),
  es: () => import('./texts/es').then((texts) => texts.es),
  fr: () => import('./texts/fr').then((texts) => texts.fr),
});
