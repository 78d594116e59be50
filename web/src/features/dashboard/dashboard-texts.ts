import { defineFeatureTexts } from '../i18n/feature-texts';

/**
 * The dashboard's texts (`dashboard.*`), loaded with the dashboard in the reader's language, so
 * the overlay, which every language's file serves, does not carry them.
 */
export const dashboardTexts = defineFeatureTexts('dashboard', {
  en: () => import('./texts/en').then((texts) => texts.en),
  de: () => import('./texts/de').then((texts) => texts.de),
  es: () => import('./texts/es').then((texts) => texts.es),
  fr: () => import('./texts/fr').then((texts) => texts.fr),
});
