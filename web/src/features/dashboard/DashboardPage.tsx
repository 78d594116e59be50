import { useTranslation } from 'react-i18next';
import type { SessionDto } from '@greetboard/contracts/wire';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Spinner } from '../../components/Spinner';
import { StatCard } from '../../components/StatCard';
import { useAuth } from '../auth/use-auth';
import { ChatConnectionBanner } from '../chat-connection/ChatConnectionBanner';
import { useChatterCounts } from '../chatters/chatters-api';
import { useLiveRoom } from '../live/use-live-room';
import { useGetSessionsQuery } from '../sessions/sessions-api';
import { pickActiveSession } from '../sessions/session-selection';
import {
  useSessionReplacedToasts,
  type SessionReplaced,
} from '../sessions/use-session-replaced-toasts';
import { defaultKeywordsOf, useGetSettingsQuery } from '../settings/settings-api';
import { ChatterPanel } from './ChatterPanel';
import { SessionList } from './SessionList';
import { useNewChatterToasts } from './use-new-chatter-toasts';
import './dashboard.css';

export default function DashboardPage() {
  const { t, ready } = useTranslation('dashboard');
  const { user } = useAuth();
  const { data: sessions = [], isLoading, isError } = useGetSessionsQuery();
  const settings = useGetSettingsQuery();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = sessions.find((s) => s.id === selectedId) ?? null;
  // The counts come with any page of the session's chatters (ADR 0050): the smallest will do.
  const { data: counts } = useChatterCounts(selectedId);

  useEffect(() => {
    if (isError) toast.error(t('toast.fetchSessionsFailed'), { id: 'fetch-sessions' });
  }, [isError, t]);
  useEffect(() => {
    if (settings.isError) console.error('Failed to load user settings', settings.error);
  }, [settings.isError, settings.error]);

  // The selected session gave way to a new one of its channel (ADR 0045): follow the new one
  // once the list holds it. Otherwise, with nothing selected (or the selection gone), pick the
  // newest active session.
  const [replaced, setReplaced] = useState<SessionReplaced | null>(null);
  useEffect(() => {
    if (replaced && replaced.stoppedId === selectedId) {
      if (!sessions.some((s) => s.id === replaced.id)) return;
      setSelectedId(replaced.id);
      setReplaced(null);
      return;
    }
    if (replaced) setReplaced(null);
    if (selected) return;
    const active = pickActiveSession(sessions);
    setSelectedId(active?.id ?? null);
  }, [replaced, selected, selectedId, sessions]);

  useLiveRoom(selectedId);
  useNewChatterToasts(selectedId, settings.data?.soundNotifications === true);
  useSessionReplacedToasts(setReplaced);

  const stats = useMemo(() => {
    const totalChatters = counts
      ? counts.total
      : sessions.reduce((sum, s) => sum + (s._count?.chatters ?? 0), 0);
    return {
      totalSessions: sessions.length,
      activeSessions: sessions.filter((s) => s.isActive).length,
      totalChatters,
      greeted: counts ? counts.greeted : 0,
    };
  }, [counts, sessions]);

  if (!user) return null;
  if (!ready) return <Spinner />;
  const select = (session: SessionDto) => {
    setSelectedId(session.id);
    toast.success(t('toast.sessionSelected', { name: session.name }));
  };

  // Say what each figure counts: sessions over all of them, chatters over the selected one
  // (or, with none selected, the chatter total over all sessions).
  const allScope = t('dashboard:scopeAll');
  const selectedScope = selected ? t('dashboard:scopeSelected', { name: selected.name }) : null;

  return (
    <div className="page">
      <header className="page-header">
        <h1>{t('dashboard:title')}</h1>
        <p className="page-description">{t('dashboard:description')}</p>
      </header>
      {!user.isApproved && (
        <div className="banner banner-warning" role="status">
          <strong>{t('dashboard:pendingTitle')}</strong>
          <p>{t('dashboard:pendingMessage')}</p>
        </div>
      )}
      {selected && <ChatConnectionBanner session={selected} />}
      <div className="stat-grid">
        <StatCard
          label={t('dashboard:totalSessions')}
          value={stats.totalSessions}
          caption={allScope}
        />
        <StatCard
          label={t('dashboard:activeSessions')}
          value={stats.activeSessions}
          caption={allScope}
        />
        <StatCard
          label={t('dashboard:totalChatters')}
          value={stats.totalChatters}
          caption={selectedScope ?? allScope}
        />
        <StatCard
          label={t('dashboard:greeted')}
          value={stats.greeted}
          caption={selectedScope ?? t('dashboard:scopeNone')}
        />
      </div>
      {isLoading ? (
        <Spinner />
      ) : (
        <div className="two-columns">
          <SessionList
            user={user}
            sessions={sessions}
            selectedId={selectedId}
            defaultKeywords={defaultKeywordsOf(settings.data)}
            onSelect={select}
            onClearSelection={() => setSelectedId(null)}
          />
          <ChatterPanel session={selected} />
        </div>
      )}
    </div>
  );
}
