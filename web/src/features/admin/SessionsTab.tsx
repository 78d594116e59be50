import type { SessionDto } from '@greetboard/contracts/wire';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { StatusPill } from '../../components/StatusPill';
import { useForceStopSessionMutation, useGetAdminSessionsQuery } from './admin-api';
import { adminFailureText } from './admin-errors';
import { useLoadFailureToast } from './OverviewTab';
import { usePage } from './paging';

/** Every session of every user, with force stop for the active ones. */
export function SessionsTab() {
  const { t, i18n } = useTranslation();
  const { data, error, isLoading } = useGetAdminSessionsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  useLoadFailureToast(error);
  const [forceStop] = useForceStopSessionMutation();
  const [stopping, setStopping] = useState<SessionDto | null>(null);
  const sessions = data ?? [];
  const { rows, controls } = usePage(sessions);

  const confirmStop = async (session: SessionDto) => {
    setStopping(null);
    try {
      await forceStop(session.id).unwrap();
      toast.success(t('admin:forceStopped', { name: session.name }));
    } catch (failure) {
      toast.error(adminFailureText(t, t('admin:forceStopFailed'), failure));
    }
  };

  if (isLoading) return <Spinner />;
  const active = sessions.filter((session) => session.isActive).length;
  return (
    <section className="admin-section" aria-label={t('admin:tabSessions')}>
      <p className="admin-counts">{t('admin:sessionsTotal', { count: sessions.length, active })}</p>
      {sessions.length === 0 ? (
        <p className="empty-state">{t('admin:noSessions')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin:colSession')}</th>
                <th scope="col">{t('admin:colUser')}</th>
                <th scope="col">{t('admin:colStatus')}</th>
                <th scope="col">{t('admin:colChatters')}</th>
                <th scope="col">{t('admin:colCreated')}</th>
                <th scope="col">{t('admin:colActions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((session) => (
                <tr key={session.id} data-session-id={session.id}>
                  <td>
                    <Link to={`/session/${session.id}`}>{session.name}</Link>
                  </td>
                  <td>{session.user?.username}</td>
                  <td>
                    <StatusPill active={session.isActive} />
                  </td>
                  <td>{session._count?.chatters ?? 0}</td>
                  <td>
                    <time dateTime={session.createdAt}>
                      {new Date(session.createdAt).toLocaleString(i18n.language)}
                    </time>
                  </td>
                  <td>
                    {session.isActive && (
                      <button
                        type="button"
                        className="button button-danger button-small"
                        onClick={() => setStopping(session)}
                      >
                        {t('admin:forceStop')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {controls}
      <ConfirmDialog
        open={stopping !== null}
        title={t('admin:forceStopTitle')}
        confirmLabel={t('admin:forceStop')}
        onClose={() => setStopping(null)}
        onConfirm={() => stopping && void confirmStop(stopping)}
      >
        <p>
          {t('admin:forceStopText', {
            name: stopping?.name ?? '',
            owner: stopping?.user?.username ?? '',
          })}
        </p>
      </ConfirmDialog>
    </section>
  );
}
