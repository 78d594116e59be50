import toast from 'react-hot-toast';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useGreetChatterMutation } from './chatters-api';

/** Toggles a chatter's greeting optimistically and reports the outcome in a toast. */
export function useGreet(sessionId: string | null | undefined) {
  const { t } = useTranslation();
  // The list does not show the request's state: it need not render again when it changes.
  const [greet] = useGreetChatterMutation({ selectFromResult: () => ({}) });
  return useCallback(
    (chatterId: string, isGreeted: boolean) => {
      if (!sessionId) return;
      greet({ chatterId, sessionId, isGreeted })
        .unwrap()
        .then(() =>
          toast.success(isGreeted ? t('toast.markedGreeted') : t('toast.unmarkedGreeted')),
        )
        .catch(() => toast.error(t('toast.updateChatterFailed')));
    },
    [greet, sessionId, t],
  );
}
