import { ERROR_CODES, type ErrorCode } from '@greetboard/contracts/wire';

/**
 * What a failed request's domain code means, in English: the server's own message for each
 * code, taken from the contract so the two never drift. The other languages translate these.
 * This file loads on demand (the `errors` namespace), so the messages stay out of the bundles.
 */
export const en: Record<ErrorCode, string> = ERROR_CODES;

export type ErrorTexts = typeof en;
