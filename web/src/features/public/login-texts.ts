import { defineFeatureTexts } from '../i18n/feature-texts';

/** The login page's texts (`login.*`), loaded with that page in the reader's language. */
export const loginTexts = defineFeatureTexts('login', {
  en: () => import('./texts/login/en').then((texts) => texts.en),
  de: () => import('./texts/login/de').then((texts) => texts.de),
  es: () => import('./texts/login/es').then((texts) => texts.es),
  fr: () => import('./texts/login/fr').then((texts) => texts.fr),
});
