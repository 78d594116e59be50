import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  children: ReactNode;
  /** Off while the confirmed action is under way, so that it is not sent twice. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before an action that cannot be undone (deleting, forcing a stop or a logout): the
 * title, what will happen, Cancel, and the action's own danger button.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content">
          <Dialog.Title className="dialog-title">{props.title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="dialog-body">{props.children}</div>
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
              disabled={props.confirmDisabled}
              onClick={props.onConfirm}
            >
              {props.confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
