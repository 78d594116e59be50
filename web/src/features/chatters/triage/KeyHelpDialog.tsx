import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';

/** Keys and what they do, as the dialog lists them. */
export type KeyHelp = [keys: string[], what: string][];

interface KeyHelpDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Keys of other parts of the desk (the raid banner's), listed after the desk's own. */
  moreKeys?: KeyHelp;
}

/** The keys of the greeting desk, in a modal dialog (focus kept inside, Esc closes). */
export function KeyHelpDialog({ open, onOpenChange, moreKeys = [] }: KeyHelpDialogProps) {
  const { t } = useTranslation();
  const keys: KeyHelp = [
    [['j', '↓', 'k', '↑'], t('triage:keyMove')],
    [['Enter', 'g'], t('triage:keyGreet')],
    [['u'], t('triage:keyUndo')],
    [['/'], t('triage:keySearch')],
    [['?'], t('triage:keyHelp')],
    [['Esc'], t('triage:keyClose')],
    ...moreKeys,
  ];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content key-help">
          <Dialog.Title className="dialog-title">{t('triage:keys')}</Dialog.Title>
          <Dialog.Description className="visually-hidden">
            {t('triage:keysHint')}
          </Dialog.Description>
          <dl className="key-list">
            {keys.map(([combo, what]) => (
              <div key={what}>
                <dt>
                  {combo.map((key) => (
                    <kbd key={key}>{key}</kbd>
                  ))}
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="button button-secondary">
                {t('triage:close')}
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
