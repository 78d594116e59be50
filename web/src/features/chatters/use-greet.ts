import toast from 'react-hot-toast';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useGreetChatterMutation } from './chatters-api';
import { createGreetRun } from './greet-run';

/** One run for the whole app: there is one toast area, and a run spans lists and keyboard. */
const greetRun = createGreetRun();

/**
 * Toggles a chatter's greeting optimistically and reports the outcome in a toast. A run of
 * greets shares one toast that counts them ('Marked as greeted!', then 'Marked 3 as greeted'),
 * its timer restarting with each greet, rather than a stack over the list. `onSettled` runs
 * once the server answered, either way.
 */
export function useGreet(sessionId: string | null | undefined) {
  const { t } = useTranslation();
  // The list does not show the request's state: it need not render again when it changes.
  const [greet] = useGreetChatterMutation({ selectFromResult: () => ({}) });
  return useCallback(
    (chatterId: string, isGreeted: boolean, onSettled?: () => void) => {
      if (!sessionId) return;
      void greet({ chatterId, sessionId, isGreeted })
        .unwrap()
        .then(() => {
          if (!isGreeted) {
            greetRun.end();
            toast.success(t('toast.unmarkedGreeted'), { id: 'greet-unmarked' });
            return;
          }
          const { toastId, count } = greetRun.greeted();
          toast.success(
            count === 1 ? t('toast.markedGreeted') : t('toast.markedGreetedRun', { count }),
            { id: toastId },
          );
        })
        .catch(() => toast.error(t('toast.updateChatterFailed'), { id: 'greet-failed' }))
        .finally(onSettled);
    },
    [greet, sessionId, t],
  );
}
