import { defineFeatureTexts, useFeatureTexts } from '../i18n/feature-texts';

/**
 * The admin panel's texts (`admin.*`) load with the panel (admins only), not with every
 * language's main chunk: the overlay's JavaScript budget has no room for them.
 */
export const adminTexts = defineFeatureTexts('admin', {
  en: () => import('./locales/en').then((texts) => texts.adminEn),
  de: () => import('./locales/de').then((texts) => texts.adminDe),
  es: () => import('./locales/es').then((texts) => texts.adminEs),
  fr: () => import('./locales/fr').then((texts) => texts.adminFr),
});

/** True once the admin texts of the language being shown (and English) are there. */
export function useAdminTexts(): boolean {
  return useFeatureTexts(adminTexts).ready;
}
