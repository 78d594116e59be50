import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { StatCard } from '../../components/StatCard';
import { Spinner } from '../../components/Spinner';
import { useGetAdminOverviewQuery } from './admin-api';
import { adminErrorCode } from './admin-errors';

export function OverviewTab() {
  const { t } = useTranslation();
  const { data, error, isError, isFetching, refetch } = useGetAdminOverviewQuery();
  useLoadFailureToast(error);
  return (
    <section className="admin-section" aria-label={t('admin:tabOverview')}>
      <div className="admin-toolbar">
        {data && data.pendingUsers > 0 && (
          <p className="banner banner-warning admin-waiting" role="status">
            {t('admin:waiting', { count: data.pendingUsers })}
          </p>
        )}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void refetch()}
          disabled={isFetching}
        >
          <RefreshCw aria-hidden size={16} />
          {t('admin:refresh')}
        </button>
      </div>
      {data ? (
        <div className="stat-grid">
          <StatCard label={t('admin:totalUsers')} value={data.totalUsers} />
          <StatCard label={t('admin:activeSessions')} value={data.activeSessions} />
          <StatCard label={t('admin:totalChatters')} value={data.totalChatters} />
          <StatCard label={t('admin:tmiConnections')} value={data.activeTmiConnections} />
        </div>
      ) : (
        !isError && <Spinner />
      )}
    </section>
  );
}

/** 'Failed to load admin data', or 'Admin access required' for someone demoted meanwhile. */
export function useLoadFailureToast(error: unknown) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!error) return;
    const text =
      adminErrorCode(error) === 'ADMIN_REQUIRED' ? t('admin:adminRequired') : t('admin:loadFailed');
    toast.error(text, { id: 'admin-load-failed' });
  }, [error, t]);
}
