import type { ReplicaStatusDto } from '@greetboard/contracts/wire';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { StatCard } from '../../components/StatCard';
import { useGetSystemStatusQuery } from './admin-api';
import { formatBytes, uptimeParts } from './formats';
import { useLoadFailureToast } from './OverviewTab';

/** The spec's system figures over every replica, then one row per replica (ADR 0019). */
export function SystemTab() {
  const { t, i18n } = useTranslation();
  const { data, error, isFetching, refetch } = useGetSystemStatusQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  useLoadFailureToast(error);
  if (!data) return error ? null : <Spinner />;
  const uptime = (seconds: number) => t('admin:uptimeValue', uptimeParts(seconds));
  const missing = data.replicas.filter((replica) => replica.status === 'missing').length;
  return (
    <section className="admin-section" aria-label={t('admin:tabSystem')}>
      <div className="admin-toolbar">
        <p className="admin-counts" data-testid="last-updated">
          {t('admin:lastUpdated', {
            time: new Date(data.timestamp).toLocaleTimeString(i18n.language),
          })}
        </p>
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
      <div className="stat-grid admin-system-grid">
        <StatCard label={t('admin:websocketConnections')} value={data.websocketConnections} />
        <StatCard label={t('admin:tmiConnections')} value={data.activeTmiConnections} />
        <StatCard label={t('admin:uptime')} value={uptime(data.uptime)} />
        <StatCard label={t('admin:memoryRss')} value={formatBytes(data.memoryUsage.rss)} />
        <StatCard label={t('admin:heapTotal')} value={formatBytes(data.memoryUsage.heapTotal)} />
        <StatCard label={t('admin:heapUsed')} value={formatBytes(data.memoryUsage.heapUsed)} />
      </div>
      <div className="card">
        <h2 className="card-title">{t('admin:activeMonitors')}</h2>
        {data.activeMonitors.length === 0 ? (
          <p className="admin-muted">{t('admin:noMonitors')}</p>
        ) : (
          <ul className="admin-monitors">
            {data.activeMonitors.slice(0, 200).map((channel) => (
              <li key={channel} className="badge admin-monitor">
                {channel}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="card">
        <h2 className="card-title">{t('admin:replicas')}</h2>
        {missing > 0 && (
          <p className="banner banner-danger" role="status">
            {t('admin:missingSummary', { count: missing, ms: data.deadlineMs })}
          </p>
        )}
        <div className="admin-table-wrap">
          <table className="admin-table" data-testid="replica-table">
            <thead>
              <tr>
                <th scope="col">{t('admin:replicaService')}</th>
                <th scope="col">{t('admin:replicaId')}</th>
                <th scope="col">{t('admin:colStatus')}</th>
                <th scope="col">{t('admin:uptime')}</th>
                <th scope="col">{t('admin:memoryRss')}</th>
                <th scope="col">{t('admin:replicaLoad')}</th>
              </tr>
            </thead>
            <tbody>
              {data.replicas.map((replica) => (
                <ReplicaRow key={`${replica.service}/${replica.replicaId}`} replica={replica} />
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

function ReplicaRow({ replica }: { replica: ReplicaStatusDto }) {
  const { t, i18n } = useTranslation();
  const up = replica.status === 'up';
  const load = [
    replica.websocketConnections !== null ? String(replica.websocketConnections) : null,
    replica.tmiConnections !== null
      ? `${replica.tmiConnections} · ${t('admin:replicaChannels', { count: replica.channels.length })}`
      : null,
  ].filter(Boolean);
  return (
    <tr data-replica={`${replica.service}/${replica.replicaId}`} data-status={replica.status}>
      <td>{replica.service}</td>
      <td className="admin-mono">{replica.replicaId}</td>
      <td>
        <span className={`pill ${up ? 'pill-active' : 'admin-pill-missing'}`}>
          {up ? t('admin:replicaUp') : t('admin:replicaMissing')}
        </span>
        {!up && (
          <span className="admin-muted admin-last-seen">
            {t('admin:replicaLastSeen', {
              time: new Date(replica.lastSeen).toLocaleTimeString(i18n.language),
            })}
          </span>
        )}
      </td>
      <td>{replica.uptime !== null ? t('admin:uptimeValue', uptimeParts(replica.uptime)) : '–'}</td>
      <td>{replica.memoryUsage ? formatBytes(replica.memoryUsage.rss) : '–'}</td>
      <td>{load.length > 0 ? load.join(' ') : '–'}</td>
    </tr>
  );
}
