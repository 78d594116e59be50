import type { SessionDto } from '@greetboard/contracts/wire';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';

interface DeleteSessionDialogProps {
  session: SessionDto | null;
  onConfirm: (session: SessionDto) => void;
  onClose: () => void;
}

export function DeleteSessionDialog({ session, onConfirm, onClose }: DeleteSessionDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={session !== null}
      title={t('sessions.deleteTitle')}
      confirmLabel={t('sessions.deleteConfirm')}
      onClose={onClose}
      onConfirm={() => session && onConfirm(session)}
    >
      <p>{t('sessions.deleteIntro', { name: session?.name ?? '' })}</p>
      <ul className="bullet-list">
        <li>{t('sessions.deleteItemSession')}</li>
        <li>{t('sessions.deleteItemChatters', { count: session?._count?.chatters ?? 0 })}</li>
        <li>{t('sessions.deleteItemHistory')}</li>
      </ul>
      <p className="text-danger">{t('sessions.deleteWarning')}</p>
    </ConfirmDialog>
  );
}
