import type { ChatterDto, SessionDto } from '@greetboard/contracts/wire';
import { ChevronDown, ChevronUp, Play, Square } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { isNotSessionOwner } from '../../app/api-errors';
import { useStoredBoolean } from '../../app/use-stored-boolean';
import { Spinner } from '../../components/Spinner';
import { overlayLinkToken } from '../../app/overlay-link';
import type { Me } from '../auth/auth-api';
import { useAuth } from '../auth/use-auth';
import { useChatterCounts, useGetChatterPageQuery } from '../chatters/chatters-api';
import { viewStats } from '../chatters/chatter-stats';
import { ChatterList } from '../chatters/ChatterList';
import {
  HIDE_GREETED_STORAGE_KEY,
  useJustGreeted,
  listedChatters,
  visibleChatters,
} from '../chatters/hide-greeted';
import { CHATTER_VIEW_MAX_LIMIT } from './visible-rows';
import { liveSocket } from '../live/live-socket';
import { useSignOutOnSocketEnd } from '../live/use-sign-out-on-socket-end';
import { useLiveRoom } from '../live/use-live-room';
import { chooseOverlaySession } from '../sessions/session-selection';
import { useGetSessionsQuery, useUpdateSessionMutation } from '../sessions/sessions-api';
import { useObsMode, useTransparentPage } from './obs-mode';
import { useEntryAnimation } from './entry-animation';
import {
  OVERLAY_REFRESH_EVENTS,
  pendingNotShown,
  splitRows,
  visibleRowCount,
} from './visible-rows';
import './overlay.css';

export const COLLAPSED_STORAGE_KEY = 'obsSessionMonitorCollapsed';

export default function OverlayPage() {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  if (status === 'loading') return <Spinner fullPage />;
  // A browser source has nobody to sign in: a link that stopped working says so (ADR 0029).
  if (!user && overlayLinkToken) return <p className="overlay-empty">{t('overlay.linkEnded')}</p>;
  if (!user) return <Navigate to="/login" replace />;
  return <Overlay user={user} />;
}

function Overlay({ user }: { user: Me }) {
  const { t } = useTranslation();
  // A force logout, or a revoked or rotated overlay link, ends the page's sign-in at once.
  useSignOutOnSocketEnd();
  const { sessionId: pinnedId } = useParams();
  const sessions = useGetSessionsQuery();
  const list = sessions.data ?? [];
  const [selectedId, setSelectedId] = useState<string | null>(pinnedId ?? null);
  const [storedCollapsed, setCollapsed] = useStoredBoolean(COLLAPSED_STORAGE_KEY, false);
  // An overlay link's look (ADR 0056); a signed-in browser's overlay is the dock, which the
  // OBS mode setting makes transparent with larger type, its controls kept.
  const look = user.overlayLook?.look ?? 'dock';
  const obsMode = useObsMode(user.overlayAccess !== undefined);
  const transparent = look === 'transparent' || obsMode;
  useTransparentPage(transparent);
  // A look for a browser source has no controls, so nothing could expand a collapsed overlay.
  const collapsed = storedCollapsed && look === 'dock';
  const refetchSessions = sessions.refetch;

  // Re-apply the selection rules whenever the list changes; a session in the URL stays chosen.
  useEffect(() => {
    const data = sessions.data;
    if (!data) return;
    if (pinnedId && data.some((s) => s.id === pinnedId)) {
      setSelectedId(pinnedId);
      return;
    }
    setSelectedId((current) => chooseOverlaySession(data, current)?.id ?? null);
  }, [sessions.data, pinnedId]);

  useEffect(
    () =>
      liveSocket.subscribe((event) => {
        if ((OVERLAY_REFRESH_EVENTS as readonly string[]).includes(event.type))
          void refetchSessions();
      }),
    [refetchSessions],
  );

  const session = list.find((s) => s.id === selectedId) ?? null;
  // The header's counts come with any page of the session's chatters (ADR 0050).
  const counts = useChatterCounts(session?.id);
  useLiveRoom(session?.id);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      void refetchSessions();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetchSessions]);

  const stats = viewStats(counts.data);

  return (
    <main
      className={`overlay overlay-${look}${transparent ? ' overlay-obs' : ''}${
        user.overlayAccess === 'read' ? ' overlay-read-only' : ''
      }`}
    >
      <header className="overlay-header">
        <h1 className="overlay-title">{t('overlay.title')}</h1>
        {session && (
          <span className="overlay-summary">
            <strong>{stats.greetedPercentage}%</strong> {stats.greeted}/{stats.total}
          </span>
        )}
        <button
          type="button"
          className="icon-button"
          onClick={() => setCollapsed(!collapsed)}
          aria-expanded={!collapsed}
          aria-controls="overlay-body"
          aria-label={collapsed ? t('overlay.expand') : t('overlay.collapse')}
        >
          {collapsed ? <ChevronDown aria-hidden size={18} /> : <ChevronUp aria-hidden size={18} />}
        </button>
      </header>
      {!collapsed && (
        <div id="overlay-body" className="overlay-body">
          {sessions.isLoading ? (
            <Spinner />
          ) : list.length === 0 ? (
            <p className="overlay-empty">{t('overlay.noSessions')}</p>
          ) : (
            <>
              <SessionPicker sessions={list} value={session?.id ?? null} onChange={setSelectedId} />
              {session ? (
                <SessionMonitor session={session} user={user} />
              ) : (
                <p className="overlay-empty">{t('overlay.selectSession')}</p>
              )}
            </>
          )}
        </div>
      )}
    </main>
  );
}

/**
 * A native select keeps the overlay light (no popper runtime) and works in every OBS dock;
 * active sessions carry the LIVE mark in the list and as a badge beside the picker.
 */
function SessionPicker(props: {
  sessions: SessionDto[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const current = props.sessions.find((s) => s.id === props.value);
  return (
    <div className="overlay-picker-row">
      <select
        className="select-trigger overlay-picker"
        aria-label={t('overlay.session')}
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {!props.value && (
          <option value="" disabled>
            {t('overlay.selectSession')}
          </option>
        )}
        {props.sessions.map((s) => (
          <option key={s.id} value={s.id}>
            {s.isActive ? `${s.name} \u2022 ${t('common.live')}` : s.name}
          </option>
        ))}
      </select>
      {current?.isActive && <span className="live-badge">{t('common.live')}</span>}
    </div>
  );
}

const NO_CHATTERS: ChatterDto[] = [];

function SessionMonitor({ session, user }: { session: SessionDto; user: Me }) {
  const { t } = useTranslation();
  const [updateSession, { isLoading: busy }] = useUpdateSessionMutation();
  const [ownerNote, setOwnerNote] = useState(false);
  const [hideGreeted, setHideGreeted] = useStoredBoolean(HIDE_GREETED_STORAGE_KEY, false);
  const [justGreeted, markGreeted] = useJustGreeted();
  const { listRef, capacity } = useRowCapacity();
  // The overlay lists the chatters by first seen, oldest first (the spec's order, ADR 0052),
  // and never the banned or timed out: what it shows may be on stream (ADR 0041). It reads
  // the rows that fit (ADR 0050); the page answer counts the pending rest for '+ N pending'.
  const view = useGetChatterPageQuery({
    sessionId: session.id,
    order: 'oldest',
    offset: 0,
    limit: Math.min(capacity, CHATTER_VIEW_MAX_LIMIT),
    hideGreeted,
    hideModerated: true,
    search: '',
  });
  useEntryAnimation(
    listRef,
    user.overlayLook?.animate === true,
    view.data !== undefined,
    view.data?.total ?? 0,
  );
  const refetchView = view.refetch;
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetchView();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetchView]);
  const chatters = view.data?.chatters ?? NO_CHATTERS;
  const stats = viewStats(view.data);
  const listed = useMemo(() => listedChatters(chatters, false), [chatters]);
  const { shown } = splitRows(visibleChatters(listed, hideGreeted, justGreeted), capacity);
  const more = pendingNotShown(stats.pending, shown);
  // Starting and stopping are the signed-in owner's, never an overlay link's.
  const isOwner = user.id === session.userId && !user.overlayAccess;

  const toggleSession = useCallback(async () => {
    const isActive = !session.isActive;
    try {
      // The server starts or stops monitoring with the update itself.
      await updateSession({ id: session.id, isActive }).unwrap();
    } catch (error) {
      // A failed stop is only logged here; a refused start explains who may start.
      console.error(isActive ? 'Failed to start session' : 'Failed to stop session', error);
      if (isActive && isNotSessionOwner(error)) setOwnerNote(true);
    }
  }, [session, updateSession]);

  return (
    <>
      <div className="overlay-status">
        <span className={`pill ${session.isActive ? 'pill-active' : 'pill-inactive'}`}>
          {session.isActive ? t('common.active') : t('common.inactive')}
        </span>
        {isOwner && (
          <button
            type="button"
            className="button button-small"
            disabled={busy}
            onClick={() => void toggleSession()}
          >
            {session.isActive ? <Square aria-hidden size={14} /> : <Play aria-hidden size={14} />}
            {session.isActive ? t('overlay.stop') : t('overlay.start')}
          </button>
        )}
      </div>
      {ownerNote && <p className="note">{t('sessions.ownerOnly')}</p>}
      <div
        className="progress"
        role="progressbar"
        aria-label={t('overlay.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={stats.greetedPercentage}
      >
        <div className="progress-bar" style={{ width: `${stats.greetedPercentage}%` }} />
      </div>
      <dl className="overlay-counters">
        <div>
          <dt>{t('overlay.total')}</dt>
          <dd>{stats.total}</dd>
        </div>
        <div>
          <dt>{t('overlay.greeted')}</dt>
          <dd>{stats.greeted}</dd>
        </div>
        <div>
          <dt>{t('overlay.pending')}</dt>
          <dd>{stats.pending}</dd>
        </div>
      </dl>
      <div className="overlay-list-header">
        <h2>{t('sessionPage.peopleToGreet', { count: stats.pending })}</h2>
        <label className="checkbox-label">
          <input
            type="checkbox"
            checked={hideGreeted}
            onChange={(e) => setHideGreeted(e.target.checked)}
          />
          {t('sessionPage.hideGreeted')}
        </label>
      </div>
      <ChatterList
        ref={listRef}
        sessionId={session.id}
        chatters={shown}
        variant="compact"
        onGreeted={markGreeted}
      />
      {more > 0 && <p className="overlay-more">{t('overlay.morePending', { count: more })}</p>}
    </>
  );
}

/** Rows that fit between the list's top and the bottom of the window, re-measured on resize. */
function useRowCapacity() {
  const listRef = useRef<HTMLUListElement>(null);
  const [capacity, setCapacity] = useState(1);
  useLayoutEffect(() => {
    const measure = () => {
      const top = listRef.current?.getBoundingClientRect().top ?? 0;
      setCapacity(visibleRowCount(window.innerHeight - top));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return { listRef, capacity };
}
