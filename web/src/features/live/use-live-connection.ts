import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { apiSlice } from '../../app/api-slice';
import { useAppDispatch } from '../../app/hooks';
import { liveSocket, type LiveSocket } from './live-socket';

export const RELOAD_AFTER_APPROVAL_MS = 1500;

/** The lists and states fed by live events, which a browser misses while disconnected. */
export const LIVE_LIST_TAGS = ['Sessions', 'Chatters', 'ChatterPage', 'ChatConnection'] as const;

/**
 * Connects the live socket while signed in, refetches the live lists after every reconnect,
 * and reacts to account approval or rejection. `socket` is replaced in tests only.
 */
export function useLiveConnection(userId: string | undefined, socket: LiveSocket = liveSocket) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!userId) {
      socket.disconnect();
      return;
    }
    socket.connect(userId);
    return socket.onReconnect(() => {
      dispatch(apiSlice.util.invalidateTags([...LIVE_LIST_TAGS]));
    });
  }, [userId, dispatch, socket]);

  useEffect(() => {
    if (!userId) return;
    // The payload's message is the server's English; the toast speaks the user's language.
    return socket.subscribe((event) => {
      if (event.type === 'user_approved') {
        toast.success(t('toast.userApproved'));
        setTimeout(() => location.reload(), RELOAD_AFTER_APPROVAL_MS);
      } else if (event.type === 'user_rejected') {
        toast.error(t('toast.userRejected'));
        setTimeout(() => location.reload(), RELOAD_AFTER_APPROVAL_MS);
      }
    });
  }, [userId, t, socket]);
}
