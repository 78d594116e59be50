import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorBody } from '../../app/api-errors';
import { DEFAULT_LANGUAGE, i18n } from './i18n';

/**
 * Why a call failed, in the reader's language, chosen by the answer's domain code (the
 * `errors` namespace); for a code this version does not know, the server's own text. The
 * server speaks English, often more precisely than its code (it names the user it did not
 * find): an English reader gets the server's words.
 * Undefined when the answer carries no error body (a network failure, say): the screen then
 * shows its own failure text.
 */
export function serverErrorText(t: TFunction, error: unknown): string | undefined {
  const body = apiErrorBody(error);
  if (!body) return undefined;
  if ((i18n.resolvedLanguage ?? i18n.language) === DEFAULT_LANGUAGE) return body.error;
  return t(`errors:${body.code}`, { defaultValue: body.error });
}

/** `serverErrorText` for a screen; its `errors` texts load with the screen, not on failure. */
export function useServerErrorText(): (error: unknown) => string | undefined {
  const { t } = useTranslation('errors');
  return useCallback((error: unknown) => serverErrorText(t, error), [t]);
}
