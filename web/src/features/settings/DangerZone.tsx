import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useLogout } from '../auth/use-auth';
import { useDeleteAccountMutation } from './settings-lists-api';

/** Delete My Account: confirmed in a dialog, then the counts, logout and the landing page. */
export function DangerZone() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const logout = useLogout();

  const confirm = async () => {
    try {
      const { deletedData } = await deleteAccount().unwrap();
      setOpen(false);
      toast.success(
        t('settings:toast.accountDeleted', {
          sessions: t('settings:danger.sessionCount', { count: deletedData.sessions }),
          chatters: t('settings:danger.chatterCount', { count: deletedData.chatters }),
        }),
      );
      await logout();
    } catch {
      toast.error(t('settings:toast.deleteAccountFailed'));
    }
  };

  return (
    <section className="card settings-section danger-zone" aria-labelledby="danger-heading">
      <h2 id="danger-heading" className="card-title">
        <AlertTriangle aria-hidden size={18} />
        {t('settings:danger.title')}
      </h2>
      <p className="settings-description">{t('settings:danger.description')}</p>
      <div>
        <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
          {t('settings:danger.delete')}
        </button>
      </div>
      <ConfirmDialog
        open={open}
        title={t('settings:danger.dialogTitle')}
        confirmLabel={t('settings:danger.confirm')}
        confirmDisabled={isLoading}
        onClose={() => setOpen(false)}
        onConfirm={() => void confirm()}
      >
        <p>{t('settings:danger.dialogIntro')}</p>
        <ul className="bullet-list">
          <li>{t('settings:danger.itemTwitch')}</li>
          <li>{t('settings:danger.itemData')}</li>
          <li>{t('settings:danger.itemLogout')}</li>
          <li>{t('settings:danger.itemReconnect')}</li>
        </ul>
        <p className="text-danger">{t('settings:danger.warning')}</p>
      </ConfirmDialog>
    </section>
  );
}
