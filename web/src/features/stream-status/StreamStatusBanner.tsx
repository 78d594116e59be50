import type { SessionDto } from '@greetboard/contracts/wire';
import { Radio, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/use-auth';
import { streamStatusOf } from './stream-status';
import './stream-status.css';

/** How often the minutes left before an auto-started session stops are counted again. */
export const STREAM_STATUS_TICK_MS = 15_000;

/** The current time, read again every `everyMs` while `ticking`. */
function useNow(ticking: boolean, everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [ticking, everyMs]);
  return now;
}

/**
 * The owner's Twitch stream as a running session follows it (ADR 0045): a quiet line while it
 * is live, and while it is offline whether the session waits for it to come back (auto-start,
 * with the minutes left) or keeps reading chat until it is stopped. Nothing for a stopped
 * session or an unknown stream.
 */
export function StreamStatusBanner({ session }: { session: SessionDto }) {
  const { t, ready } = useTranslation('streamStatus');
  const { user } = useAuth();
  const waits = session.isActive && session.stream?.live === false && !!session.stream.stopsAt;
  const now = useNow(waits, STREAM_STATUS_TICK_MS);
  const status = streamStatusOf(session, now);
  if (!ready || !status) return null;

  if (status.kind === 'live') {
    return (
      <p className="stream-status stream-status-live" role="status" data-testid="stream-status">
        <Radio aria-hidden size={14} className="stream-status-icon" />
        <span className="stream-status-text">
          {status.title
            ? t('streamStatus:live', { title: status.title })
            : t('streamStatus:liveUntitled')}
        </span>
      </p>
    );
  }
  const isOwner = user?.id === session.userId;
  const text =
    status.kind === 'waiting'
      ? t('streamStatus:offlineWaiting', { count: status.minutes })
      : isOwner
        ? t('streamStatus:offlineRunning')
        : t('streamStatus:offlineRunningForEditor');
  return (
    <p className="stream-status stream-status-offline" role="status" data-testid="stream-status">
      <WifiOff aria-hidden size={16} className="stream-status-icon" />
      <span className="stream-status-text">{text}</span>
    </p>
  );
}
