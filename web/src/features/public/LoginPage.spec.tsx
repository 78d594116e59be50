/** @jest-environment ./web/test/jsdom-environment.js */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { cleanup, screen } from '@testing-library/react';
import { changeLanguage, i18n } from '../i18n/i18n';
import { renderWithApp, setUpI18n } from '../../../test/unit/test-utils';
import { forgetSignedOut, rememberSignedOut } from '../auth/signed-out-reason';
import LoginPage from './LoginPage';

const loginWithError = (error: string) =>
  renderWithApp(<LoginPage />, { route: `/login?error=${encodeURIComponent(error)}` });
const alertText = () => screen.getByRole('alert').textContent;

describe('LoginPage sign-in errors', () => {
  beforeAll(async () => {
    await setUpI18n();
    // The page shows once its texts have loaded; changeLanguage then loads them in each language.
    await i18n.loadNamespaces(['login', 'errors']);
  });
  afterEach(async () => {
    cleanup();
    await changeLanguage('en');
  });

  it("shows the gateway's English failure in the user's language", async () => {
    await changeLanguage('de');
    loginWithError('Sign-in was cancelled on Twitch.');
    expect(alertText()).toBe('Anmeldung fehlgeschlagenDie Anmeldung wurde bei Twitch abgebrochen.');
  });

  it('knows the failures by code too, with the English wording in English', () => {
    loginWithError('SIGN_IN_EXPIRED');
    expect(alertText()).toBe(
      'Sign-in failedYour sign-in expired or was started in another browser. Please try again.',
    );
  });

  it('shows the generic text, not the words of the link, for an unknown error', async () => {
    await changeLanguage('fr');
    loginWithError('Your account is locked. Call +1 555 0100 to unlock it.');
    expect(alertText()).toBe("La connexion a échouéUne erreur s'est produite. Veuillez réessayer.");
  });

  it('shows no error without one', () => {
    renderWithApp(<LoginPage />, { route: '/login?error=%20' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why Greetboard signed the browser out, in each language, beside the sign-in button', async () => {
    rememberSignedOut('twitch-revoked');
    try {
      const expected = {
        en: "You were signed outYou were signed out because Greetboard's access to your Twitch account was removed. Sign in again to continue.",
        de: 'Du wurdest abgemeldetDu wurdest abgemeldet, weil der Zugriff von Greetboard auf dein Twitch-Konto entfernt wurde. Melde dich erneut an, um fortzufahren.',
        es: 'Se cerró tu sesiónSe cerró tu sesión porque se retiró el acceso de Greetboard a tu cuenta de Twitch. Vuelve a iniciar sesión para continuar.',
        fr: "Vous avez été déconnectéVous avez été déconnecté, car l'accès de Greetboard à votre compte Twitch a été retiré. Reconnectez-vous pour continuer.",
      };
      for (const [language, text] of Object.entries(expected)) {
        await changeLanguage(language as keyof typeof expected);
        renderWithApp(<LoginPage />, { route: '/login' });
        expect(alertText()).toBe(text);
        cleanup();
      }
    } finally {
      forgetSignedOut();
    }
  });
});
