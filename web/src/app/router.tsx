import { lazy } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth } from '../features/auth/guards';
import { RootLayout } from './RootLayout';

// Route-level code splitting: each screen (and the signed-in shell) is its own chunk.
const PublicLayout = lazy(() => import('../features/shell/PublicLayout'));
const AppLayout = lazy(() => import('../features/shell/AppLayout'));
const LandingPage = lazy(() => import('../features/public/LandingPage'));
const LoginPage = lazy(() => import('../features/public/LoginPage'));
const PrivacyPage = lazy(() =>
  import('../features/legal/LegalPages').then((m) => ({ default: m.PrivacyPage })),
);
const TermsPage = lazy(() =>
  import('../features/legal/LegalPages').then((m) => ({ default: m.TermsPage })),
);
const ImprintPage = lazy(() =>
  import('../features/legal/LegalPages').then((m) => ({ default: m.ImprintPage })),
);
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const SessionPage = lazy(() => import('../features/session-page/SessionPage'));
const OverlayPage = lazy(() => import('../features/overlay/OverlayPage'));
const StatisticsPage = lazy(() => import('../features/statistics/StatisticsPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const AdminPage = lazy(() => import('../features/admin/AdminPage'));

/** The route table: every screen's path, and who may open it. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            element: <RedirectIfSignedIn />,
            children: [
              { path: '/', element: <LandingPage /> },
              { path: '/login', element: <LoginPage /> },
            ],
          },
          { path: '/privacy', element: <PrivacyPage /> },
          { path: '/terms', element: <TermsPage /> },
          { path: '/imprint', element: <ImprintPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              { path: '/session/:id', element: <SessionPage /> },
              { path: '/statistics', element: <StatisticsPage /> },
              { path: '/settings', element: <SettingsPage /> },
              { element: <RequireAdmin />, children: [{ path: '/admin', element: <AdminPage /> }] },
            ],
          },
        ],
      },
      // The overlay is outside the sign-in redirect; the page sends signed-out visitors to /login.
      { path: '/obs', element: <OverlayPage /> },
      { path: '/obs/:sessionId', element: <OverlayPage /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** Declarative routing keeps react-router's data-router runtime out of the bundle. */
export function AppRoutes() {
  return useRoutes(routes);
}
