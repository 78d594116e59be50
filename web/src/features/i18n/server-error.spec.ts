/** @jest-environment ./web/test/jsdom-environment.js */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { ERROR_CODES } from '@greetboard/contracts/wire';
import { setUpI18n } from '../../../test/unit/test-utils';
import { changeLanguage, i18n } from './i18n';
import { serverErrorText } from './server-error';

const refusal = (code: string, error: string) => ({ status: 409, data: { code, error } });

describe('serverErrorText', () => {
  beforeAll(async () => {
    await setUpI18n();
    await i18n.loadNamespaces('errors');
  });
  afterEach(() => changeLanguage('en'));

  it("says the server's refusal in the reader's language, by its code", async () => {
    const exists = refusal('IGNORED_USER_EXISTS', ERROR_CODES.IGNORED_USER_EXISTS);
    expect(serverErrorText(i18n.t, exists)).toBe('This user is already on your ignore list.');
    await changeLanguage('de');
    expect(serverErrorText(i18n.t, exists)).toBe(
      'Dieser Benutzer steht bereits auf deiner Ignorierliste.',
    );
    await changeLanguage('fr');
    expect(serverErrorText(i18n.t, exists)).toBe(
      "Cet utilisateur est déjà dans votre liste d'ignorés.",
    );
  });

  it("gives an English reader the server's own words, which may say more than the code", async () => {
    const unknown = refusal('USER_NOT_FOUND', 'No Greetboard user is named "nobody_at_all".');
    expect(serverErrorText(i18n.t, unknown)).toBe('No Greetboard user is named "nobody_at_all".');
    await changeLanguage('de');
    expect(serverErrorText(i18n.t, unknown)).toBe('Benutzer nicht gefunden.');
  });

  it("falls back to the server's text for a code this version does not know", async () => {
    await changeLanguage('es');
    expect(serverErrorText(i18n.t, refusal('SOMETHING_NEW', 'Something new.'))).toBe(
      'Something new.',
    );
  });

  it('has nothing to say for an answer without an error body', () => {
    expect(serverErrorText(i18n.t, { status: 'FETCH_ERROR', error: 'offline' })).toBeUndefined();
  });
});
