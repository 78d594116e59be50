import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { liveSocket } from '../live/live-socket';
import { useGetAdminOverviewQuery } from './admin-api';

/**
 * The number of users waiting for approval, on the Admin link (admins only). With `announce`,
 * a toast names each new account that starts waiting, on whatever page the admin has open.
 */
export function AdminNavBadge({ announce = false }: { announce?: boolean }) {
  const { t } = useTranslation();
  const count = useGetAdminOverviewQuery().data?.pendingUsers ?? 0;
  const textsReady = useTranslation('admin').ready;
  useEffect(() => {
    if (!announce) return;
    return liveSocket.subscribe((event) => {
      if (event.type !== 'admin_pending_users' || !event.payload.user) return;
      const { displayName, username } = event.payload.user;
      toast(t('admin:newWaitingUser', { name: displayName || username }));
    });
  }, [announce, t]);
  if (count === 0 || !textsReady) return null;
  return (
    <>
      <span className="badge" style={{ marginLeft: 6 }} aria-hidden data-testid="admin-nav-pending">
        {count}
      </span>
      <span className="visually-hidden">{t('admin:waiting', { count })}</span>
    </>
  );
}
