import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../components/Spinner';
import { useAuth } from '../features/auth/use-auth';
import { useLiveConnection } from '../features/live/use-live-connection';
import { useAccountPreferences } from '../features/settings/use-account-preferences';
import { useThemeClass } from '../features/theme/ThemeToggle';
import { ToastArea } from './ToastArea';

/** Every route: theme class, live connection, the toast area (none on /obs) and lazy-loading fallback. */
export function RootLayout() {
  const { user } = useAuth();
  useThemeClass();
  useLiveConnection(user?.id);
  useAccountPreferences(user?.id);
  return (
    <>
      <Suspense fallback={<Spinner fullPage />}>
        <Outlet />
      </Suspense>
      <ToastArea />
    </>
  );
}
