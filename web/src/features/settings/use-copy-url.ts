import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';

/** Copies an address to the clipboard and says with a toast whether it worked. */
export function useCopyUrl(): (url: string) => Promise<void> {
  const { t } = useTranslation();
  return useCallback(
    async (url: string) => {
      try {
        await navigator.clipboard.writeText(url);
        toast.success(t('settings:toast.urlCopied'));
      } catch {
        toast.error(t('settings:toast.copyFailed'));
      }
    },
    [t],
  );
}
