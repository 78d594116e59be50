import { defineFeatureTexts } from '../i18n/feature-texts';

/** The settings screen's texts (`settings.*`), loaded with that screen in the reader's language. */
export const settingsTexts = defineFeatureTexts('settings', {
  en: () => import('./texts/en').then((texts) => texts.en),
  de: () => import('./texts/de').then((texts) => texts.de),
  es: () => import('./texts/es').then((texts) => texts.es),
  fr: () => import('./texts/fr').then((texts) => texts.fr),
});
