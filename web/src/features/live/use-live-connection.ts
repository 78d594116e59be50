import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { liveSocket } from './live-socket';

export const RELOAD_AFTER_APPROVAL_MS = 1500;

/** Connects the live socket while signed in and reacts to account approval or rejection. */
export function useLiveConnection(userId: string | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!userId) {
      liveSocket.disconnect();
      return;
    }
    liveSocket.connect(userId);
    const unsubscribe = liveSocket.subscribe((event) => {
      if (event.type === 'user_approved') {
        toast.success(event.payload?.message || t('toast.userApproved'));
        setTimeout(() => location.reload(), RELOAD_AFTER_APPROVAL_MS);
      } else if (event.type === 'user_rejected') {
        toast.error(event.payload?.message || t('toast.userRejected'));
        setTimeout(() => location.reload(), RELOAD_AFTER_APPROVAL_MS);
      }
    });
    return unsubscribe;
  }, [userId, t]);
}
