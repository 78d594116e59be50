import { useTranslation } from 'react-i18next';
import type { AggregateStatistics, SessionStatistics } from '@greetboard/contracts/wire';
import { useId, useState, type ReactNode } from 'react';
import { Spinner } from '../../components/Spinner';
import { StatCard } from '../../components/StatCard';
import { Patterns, SevenDays } from './ActivityCharts';
import { ExportLinks } from './ExportLinks';
import {
  formatDateTime,
  formatDay,
  formatDuration,
  formatHour,
  formatNumber,
  formatPercent,
} from './format';
import {
  useGetSessionStatisticsQuery,
  useGetStatisticsQuery,
  viewerTimeZone,
} from './statistics-api';
import './statistics.css';

const AGGREGATE = 'aggregate';

/** The statistics screen: the user's own sessions, together or one by one. */
export default function StatisticsPage() {
  const { t, ready } = useTranslation('statistics');
  const [selected, setSelected] = useState(AGGREGATE);
  const selectId = useId();
  const timeZone = viewerTimeZone();
  // The aggregate lists the user's own sessions too, for the selector.
  const aggregate = useGetStatisticsQuery(timeZone, { refetchOnMountOrArgChange: true });
  const sessions = aggregate.data?.sessions ?? [];
  if (!ready) return <Spinner />;

  return (
    <div className="page statistics-page">
      <header className="page-header">
        <h1>{t('statistics:title')}</h1>
        <p className="page-description">{t('statistics:description', { timeZone })}</p>
      </header>
      <div className="statistics-selector">
        <label htmlFor={selectId}>{t('statistics:show')}</label>
        <select
          id={selectId}
          value={selected}
          onChange={(event) => setSelected(event.target.value)}
        >
          <option value={AGGREGATE}>{t('statistics:allSessions')}</option>
          {sessions.map((session) => (
            <option key={session.id} value={session.id}>
              {session.name}
            </option>
          ))}
        </select>
      </div>
      {selected !== AGGREGATE ? (
        <SessionView timeZone={timeZone} sessionId={selected} />
      ) : aggregate.isLoading ? (
        <Spinner />
      ) : aggregate.data ? (
        <AggregateFigures figures={aggregate.data} />
      ) : (
        <Failed />
      )}
    </div>
  );
}

function Section({
  title,
  open = false,
  children,
}: {
  title: string;
  open?: boolean;
  children: ReactNode;
}) {
  return (
    <details className="card statistics-section" open={open}>
      <summary>
        <h2 className="card-title">{title}</h2>
      </summary>
      <div className="statistics-section-body">{children}</div>
    </details>
  );
}

function Failed() {
  const { t } = useTranslation('statistics');
  return (
    <p className="card empty-state" role="alert">
      {t('statistics:loadFailed')}
    </p>
  );
}

function AggregateFigures({ figures }: { figures: AggregateStatistics }) {
  const { t, i18n } = useTranslation('statistics');
  const language = i18n.language;
  const n = (value: number) => formatNumber(value, language);
  return (
    <div className="statistics-sections" data-view="aggregate">
      <Section title={t('statistics:overview')} open>
        <div className="stat-grid">
          <StatCard label={t('statistics:totalSessions')} value={n(figures.totalSessions)} />
          <StatCard label={t('statistics:totalChatters')} value={n(figures.totalChatters)} />
          <StatCard label={t('statistics:totalGreeted')} value={n(figures.totalGreeted)} />
          <StatCard
            label={t('statistics:greetingRate')}
            value={formatPercent(figures.greetingRate, language)}
          />
        </div>
      </Section>
      <Section title={t('statistics:performance')}>
        <div className="stat-grid">
          <StatCard
            label={t('statistics:averageChatters')}
            value={n(figures.averageChattersPerSession)}
          />
          <StatCard
            label={t('statistics:activeSessions')}
            value={t('statistics:outOf', {
              active: n(figures.activeSessions),
              total: n(figures.totalSessions),
            })}
          />
          <StatCard
            label={t('statistics:averageGreetingTime')}
            value={formatDuration(figures.averageGreetingTimeSeconds, t)}
          />
          <StatCard
            label={t('statistics:averageDuration')}
            value={formatDuration(figures.averageSessionDurationSeconds, t)}
          />
          <StatCard
            label={t('statistics:mostActiveHour')}
            value={
              figures.mostActiveHour
                ? formatHour(figures.mostActiveHour.hour, language)
                : t('statistics:notAvailable')
            }
          />
        </div>
        <div className="statistics-longest">
          <h3>{t('statistics:longestSession')}</h3>
          {figures.longestSession ? (
            <p>
              <strong>{figures.longestSession.name}</strong>{' '}
              {t('statistics:startedAt', {
                time: formatDateTime(figures.longestSession.startedAt, language),
              })}{' '}
              · {formatDuration(figures.longestSession.durationSeconds, t)}
            </p>
          ) : (
            <p>{t('statistics:noSessionsYet')}</p>
          )}
        </div>
      </Section>
      <Section title={t('statistics:recentActivity')}>
        <p className="statistics-most-active">
          {t('statistics:mostActiveDay')}:{' '}
          <strong>
            {figures.mostActiveDay
              ? t('statistics:dayWithChatters', {
                  day: formatDay(figures.mostActiveDay.date, language, true),
                  count: figures.mostActiveDay.chatters,
                })
              : t('statistics:notAvailable')}
          </strong>
        </p>
        <SevenDays activity={figures} />
      </Section>
      <Section title={t('statistics:patterns')}>
        <Patterns activity={figures} />
      </Section>
    </div>
  );
}

function SessionView({ timeZone, sessionId }: { timeZone: string; sessionId: string }) {
  const query = useGetSessionStatisticsQuery(
    { sessionId, timeZone },
    { refetchOnMountOrArgChange: true },
  );
  if (query.isLoading) return <Spinner />;
  if (!query.data) return <Failed />;
  return <SessionFigures figures={query.data} />;
}

function SessionFigures({ figures }: { figures: SessionStatistics }) {
  const { t, i18n } = useTranslation('statistics');
  const language = i18n.language;
  const n = (value: number) => formatNumber(value, language);
  return (
    <div className="statistics-sections" data-view="session">
      <section className="card statistics-section-body">
        <div className="card-header wrap">
          <h2 className="card-title">{figures.name}</h2>
          <ExportLinks sessionId={figures.sessionId} />
        </div>
        <div className="stat-grid">
          <StatCard label={t('statistics:total')} value={n(figures.total)} />
          <StatCard label={t('statistics:greeted')} value={n(figures.greeted)} />
          <StatCard label={t('statistics:pending')} value={n(figures.pending)} />
          {figures.excluded > 0 && (
            // Banned or timed out on Twitch: neither greeted nor waiting to be.
            <StatCard label={t('statistics:excluded')} value={n(figures.excluded)} />
          )}
          <StatCard
            label={t('statistics:completionRate')}
            value={formatPercent(figures.completionRate, language)}
          />
          <StatCard
            label={t('statistics:sessionStatus')}
            value={figures.isActive ? t('common.active') : t('common.inactive')}
          />
          <StatCard
            label={t('statistics:averageGreetingTime')}
            value={formatDuration(figures.averageGreetingTimeSeconds, t)}
          />
        </div>
      </section>
      <section className="card statistics-section-body">
        <h2 className="card-title">{t('statistics:dailyActivity')}</h2>
        <SevenDays activity={figures} />
      </section>
      <section className="card statistics-section-body">
        <h2 className="card-title">{t('statistics:patterns')}</h2>
        <Patterns activity={figures} />
      </section>
    </div>
  );
}
