import type { SessionDto } from '@greetboard/contracts/wire';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';

interface DeleteSessionDialogProps {
  session: SessionDto | null;
  onConfirm: (session: SessionDto) => void;
  onClose: () => void;
}

export function DeleteSessionDialog({ session, onConfirm, onClose }: DeleteSessionDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={session !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content">
          <Dialog.Title className="dialog-title">{t('sessions.deleteTitle')}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="dialog-body">
              <p>{t('sessions.deleteIntro', { name: session?.name ?? '' })}</p>
              <ul className="bullet-list">
                <li>{t('sessions.deleteItemSession')}</li>
                <li>
                  {t('sessions.deleteItemChatters', { count: session?._count?.chatters ?? 0 })}
                </li>
                <li>{t('sessions.deleteItemHistory')}</li>
              </ul>
              <p className="text-danger">{t('sessions.deleteWarning')}</p>
            </div>
          </Dialog.Description>
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="button button-secondary">
                {t('common.cancel')}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className="button button-danger"
              onClick={() => session && onConfirm(session)}
            >
              {t('sessions.deleteConfirm')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
