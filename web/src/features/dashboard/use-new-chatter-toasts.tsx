import { Hand } from 'lucide-react';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { playNewChatterSound } from '../chatters/notification-sound';
import { liveSocket, type LiveSocket } from '../live/live-socket';

export const NEW_CHATTER_TOAST_MS = 3000;
const NEW_CHATTER_TOAST_ID = 'new-chatter';

/**
 * 'New chatter: {name}' for 3 s (and the optional sound) for the selected session's arrivals.
 * `socket` is replaced in tests only.
 */
export function useNewChatterToasts(
  sessionId: string | null,
  withSound: boolean,
  socket: LiveSocket = liveSocket,
) {
  const { t } = useTranslation();
  const announced = useRef(new Set<string>());
  useEffect(() => {
    if (!sessionId) return;
    return socket.subscribe((event) => {
      if (event.type !== 'new_chatter' || event.payload.sessionId !== sessionId) return;
      if (announced.current.has(event.payload.id)) return;
      announced.current.add(event.payload.id);
      const name = event.payload.displayName || event.payload.username;
      // One toast that the next arrival replaces: a burst of chatters must not stack a wall
      // of toasts over the chatter list and its pagination.
      toast(t('chatters.newChatter', { name }), {
        id: NEW_CHATTER_TOAST_ID,
        duration: NEW_CHATTER_TOAST_MS,
        // An icon, not the emoji: Chromium on Linux often has no emoji font and draws a box.
        icon: <Hand aria-hidden size={18} className="toast-icon" />,
      });
      if (withSound) playNewChatterSound();
    });
  }, [sessionId, withSound, t, socket]);
}
