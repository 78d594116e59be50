import { useTranslation } from 'react-i18next';
import { signedOutReason } from '../auth/signed-out-reason';

/**
 * Why Greetboard signed this browser out, on the landing and sign-in pages until the user
 * signs in again (ADR 0044). The text is the error code's, in the reader's language.
 */
export function SignedOutNotice() {
  const { t, ready } = useTranslation(['login', 'errors']);
  if (!ready || signedOutReason() !== 'twitch-revoked') return null;
  return (
    <div className="banner banner-warning" role="alert">
      <strong>{t('login:signedOut')}</strong>
      <p>{t('errors:TWITCH_AUTHORIZATION_REVOKED')}</p>
    </div>
  );
}
