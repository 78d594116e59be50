import type { SessionDto } from '@greetboard/contracts/wire';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/use-auth';
import { CHAT_CONNECTION_POLL_MS, useGetChatConnectionQuery } from './chat-connection-api';

/** Each reason's text, named in full so that every key is found where it is used. */
const REASON_TEXTS = {
  timeout: 'chatConnection:reason.timeout',
  refused: 'chatConnection:reason.refused',
  disconnected: 'chatConnection:reason.disconnected',
  unread: 'chatConnection:reason.unread',
} as const;

/**
 * Tells the streamer (and their editors) that a running session's chat is not being read, and
 * why; nothing while it is read, still joining, or the session is stopped.
 */
export function ChatConnectionBanner({ session }: { session: SessionDto }) {
  const { t, ready } = useTranslation('chatConnection');
  const { user } = useAuth();
  const { data } = useGetChatConnectionQuery(session.id, {
    skip: !session.isActive,
    pollingInterval: CHAT_CONNECTION_POLL_MS,
  });
  if (!ready || !session.isActive || data?.status !== 'not_connected') return null;
  const isOwner = user?.id === session.userId;
  return (
    <div className="banner banner-danger" role="alert" data-testid="chat-connection-banner">
      <strong>{isOwner ? t('chatConnection:title') : t('chatConnection:titleForEditor')}</strong>
      <p>{t(REASON_TEXTS[data.reason ?? 'timeout'])}</p>
    </div>
  );
}
