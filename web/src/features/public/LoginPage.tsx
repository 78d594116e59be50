import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { loginErrorKey } from './login-error';
import { SignedOutNotice } from './SignedOutNotice';
import './public.css';

/** Sign-in is the browser navigating to the backend's OAuth start. */
export const SIGN_IN_PATH = '/auth/twitch';

export default function LoginPage() {
  const { t, ready } = useTranslation('login');
  // A failed sign-in comes back as /login?error=<code or the server's English text>.
  const [params] = useSearchParams();
  const errorKey = loginErrorKey(params.get('error'));
  const features = [
    t('login:feature1'),
    t('login:feature2'),
    t('login:feature3'),
    t('login:feature4'),
  ];
  if (!ready) return <Spinner fullPage />;
  return (
    <main className="login">
      <div className="card login-card">
        <h1>{t('login:title')}</h1>
        <p className="page-description">{t('login:subtitle')}</p>
        <SignedOutNotice />
        {errorKey && (
          <div className="banner banner-danger" role="alert">
            <strong>{t('login:failed')}</strong>
            <p>{t(errorKey)}</p>
          </div>
        )}
        <button
          type="button"
          className="button button-twitch button-large"
          onClick={() => window.location.assign(SIGN_IN_PATH)}
        >
          {t('login:button')}
        </button>
        <h2 className="login-features-title">{t('login:featuresTitle')}</h2>
        <ul className="check-list">
          {features.map((feature) => (
            <li key={feature}>
              <Check aria-hidden size={16} />
              {feature}
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}
