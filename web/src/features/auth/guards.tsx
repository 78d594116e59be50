import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { signedOutReason } from './signed-out-reason';
import { useAuth } from './use-auth';

/**
 * Signed-in routes: a spinner while the check runs, then / when signed out; /login when
 * Greetboard signed the user out, which says why beside the sign-in button.
 */
export function RequireAuth() {
  const { status } = useAuth();
  if (status === 'loading') return <Spinner fullPage />;
  if (status === 'unauthenticated') {
    return <Navigate to={signedOutReason() ? '/login' : '/'} replace />;
  }
  return <Outlet />;
}

/** / and /login: signed-in users go to the dashboard. */
export function RedirectIfSignedIn() {
  const { status } = useAuth();
  if (status === 'loading') return <Spinner fullPage />;
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

export function RequireAdmin() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user?.isAdmin) {
    return (
      <div className="page">
        <p className="banner banner-danger" role="alert">
          {t('errors.accessDenied')}
        </p>
      </div>
    );
  }
  return <Outlet />;
}
