import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorBody } from '../../app/api-errors';

/**
 * Why a call failed, in the reader's language, chosen by the answer's domain code (the
 * `errors` namespace); for a code this version does not know, the server's own text.
 * Undefined when the answer carries no error body (a network failure, say): the screen then
 * shows its own failure text.
 */
export function serverErrorText(t: TFunction, error: unknown): string | undefined {
  const body = apiErrorBody(error);
  return body && t(`errors:${body.code}`, { defaultValue: body.error });
}

/** `serverErrorText` for a screen; its `errors` texts load with the screen, not on failure. */
export function useServerErrorText(): (error: unknown) => string | undefined {
  const { t } = useTranslation('errors');
  return useCallback((error: unknown) => serverErrorText(t, error), [t]);
}
