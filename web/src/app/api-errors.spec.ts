import { describe, expect, it } from '@jest/globals';
import { ERROR_CODES } from '@greetboard/contracts/wire';
import {
  apiErrorBody,
  httpStatus,
  isAccountNotApproved,
  isNotSessionOwner,
  serverErrorCode,
} from './api-errors';

const failed = (
  status: number,
  code: keyof typeof ERROR_CODES,
  text: string = ERROR_CODES[code],
) => ({
  status,
  data: { error: text, code },
});

describe('API errors', () => {
  it('are recognised by their domain code, whatever the text says', () => {
    expect(isNotSessionOwner(failed(403, 'NOT_SESSION_OWNER', 'Nur Besitzer'))).toBe(true);
    expect(isAccountNotApproved(failed(403, 'ACCOUNT_NOT_APPROVED', 'anything'))).toBe(true);
    expect(isNotSessionOwner(failed(403, 'FORBIDDEN', ERROR_CODES.NOT_SESSION_OWNER))).toBe(false);
    expect(isAccountNotApproved({ status: 403, data: { error: 'Account not approved' } })).toBe(
      false,
    );
  });

  it('read the code, the text and the status of the error body', () => {
    const error = failed(404, 'SESSION_NOT_FOUND');
    expect(serverErrorCode(error)).toBe('SESSION_NOT_FOUND');
    expect(apiErrorBody(error)?.error).toBe('Session not found.');
    expect(httpStatus(error)).toBe(404);
    expect(serverErrorCode({ status: 500, data: { code: 42, error: 'x' } })).toBe(undefined);
    expect(serverErrorCode(undefined)).toBe(undefined);
  });
});
