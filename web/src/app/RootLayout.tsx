import { Suspense } from 'react';
import { Toaster } from 'react-hot-toast';
import { Outlet } from 'react-router';
import { Spinner } from '../components/Spinner';
import { useAuth } from '../features/auth/use-auth';
import { useLiveConnection } from '../features/live/use-live-connection';
import { useAccountPreferences } from '../features/settings/use-account-preferences';
import { useThemeClass } from '../features/theme/ThemeToggle';

/** Every route: theme class, live connection, the toast area and lazy-loading fallback. */
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
      <Toaster
        position="bottom-right"
        toastOptions={{ className: 'toast', ariaProps: { role: 'status', 'aria-live': 'polite' } }}
      />
    </>
  );
}
