import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { apiSlice } from '../../app/api-slice';
import { useAppDispatch } from '../../app/hooks';
import { markLeavingAfterRejection } from './leaving-after-rejection';
import { liveSocket, type LiveSocket } from './live-socket';

export const RELOAD_AFTER_APPROVAL_MS = 1500;
/** A rejected user reads the rejection toast for its whole time (the spec's 4000 ms error toast). */
export const LEAVE_AFTER_REJECTION_MS = 4000;

let approvalReload: ReturnType<typeof setTimeout> | undefined;

/** The lists and states fed by live events, which a browser misses while disconnected. */
export const LIVE_LIST_TAGS = ['Sessions', 'Chatters', 'ChatterPage', 'ChatConnection'] as const;

/**
 * Connects the live socket while signed in, refetches the live lists after every reconnect,
 * and reacts to account approval (reload) or rejection (the toast, then / signed out).
 * `socket` is replaced in tests only.
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
        approvalReload = setTimeout(() => location.reload(), RELOAD_AFTER_APPROVAL_MS);
      } else if (event.type === 'user_rejected') {
        // The rejection ends the login sessions too: the page leaves for / (signed out) only
        // once the toast has been read, not at the socket's close a moment later.
        markLeavingAfterRejection();
        // A reload for an approval a moment before would cut the toast short.
        clearTimeout(approvalReload);
        toast.error(t('toast.userRejected'), {
          id: 'user-rejected',
          duration: LEAVE_AFTER_REJECTION_MS,
        });
        setTimeout(() => location.assign('/'), LEAVE_AFTER_REJECTION_MS);
      }
    });
  }, [userId, t, socket]);
}
