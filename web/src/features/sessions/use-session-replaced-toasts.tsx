import type { ServerMessagePayloads } from '@greetboard/contracts/wire';
import { ArrowRightLeft } from 'lucide-react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { liveSocket, type LiveSocket } from '../live/live-socket';

/** Starting session `id` stopped session `stoppedId` of the same channel. */
export type SessionReplaced = ServerMessagePayloads['session_replaced'];

/**
 * One session per channel reads chat (ADR 0045): when starting a session stopped another, say
 * which one on every screen of the owner and editors that shows sessions. The list and
 * selection follow from the `session_stopped`/`session_started` beside it. One toast per
 * stopped session, so two hooks on one screen never show it twice. `onReplaced` (stable) hears
 * each replacement too; `socket` is replaced in tests only.
 */
export function useSessionReplacedToasts(
  onReplaced?: (replaced: SessionReplaced) => void,
  socket: LiveSocket = liveSocket,
) {
  const { t } = useTranslation();
  useEffect(
    () =>
      socket.subscribe((event) => {
        if (event.type !== 'session_replaced') return;
        toast(t('toast.sessionReplaced', { name: event.payload.stoppedName }), {
          id: `session-replaced-${event.payload.stoppedId}`,
          icon: <ArrowRightLeft aria-hidden size={18} className="toast-icon" />,
        });
        onReplaced?.(event.payload);
      }),
    [t, socket, onReplaced],
  );
}
