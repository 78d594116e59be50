import type { ChatterDto, RaidDto } from '@greetboard/contracts/wire';
import { Dialog } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { useGetPendingRaidersQuery } from './raids-api';

interface RaidGreetDialogProps {
  raid: RaidDto;
  /** Off while the greet is under way, so that it is not sent twice. */
  busy: boolean;
  /** Greets exactly these chatters: the ones the dialog shows. */
  onGreet: (chatters: ChatterDto[]) => void;
  onClose: () => void;
}

/**
 * What 'greet all raiders' will greet, before it greets (ADR 0053): the raid's ungreeted
 * raiders read afresh, their count, who counts as a raider, and Greet and Cancel. Greet sends
 * the ids shown, so nobody unseen is greeted; Esc or Cancel greets nobody.
 */
export function RaidGreetDialog({ raid, busy, onGreet, onClose }: RaidGreetDialogProps) {
  const { t } = useTranslation();
  const pending = useGetPendingRaidersQuery(
    { sessionId: raid.sessionId, raidId: raid.id },
    { refetchOnMountOrArgChange: true },
  );
  const raiders = pending.isFetching ? undefined : pending.data;
  const count = raiders?.length ?? 0;
  const greetButton = useRef<HTMLButtonElement>(null);
  // Enter greets what the dialog shows once it shows it; until then focus stays on Cancel.
  const shown = count > 0;
  useEffect(() => {
    if (shown) greetButton.current?.focus();
  }, [shown]);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content raid-greet-dialog">
          <Dialog.Title className="dialog-title">
            {raiders ? t('raids:confirmTitle', { count }) : t('raids:greetAll', { count: '…' })}
          </Dialog.Title>
          <Dialog.Description className="raid-greet-who">
            {t('raids:confirmWho', {
              seconds: raid.windowSeconds,
              raider: raid.raiderDisplayName,
            })}
          </Dialog.Description>
          {pending.isError ? (
            <p role="alert">{t('raids:confirmFailed')}</p>
          ) : !raiders ? (
            <p className="raid-greet-loading" role="status">
              {t('raids:confirmLoading')}
            </p>
          ) : count === 0 ? (
            <p className="empty-state">{t('raids:confirmNone')}</p>
          ) : (
            // Focusable, so a long list scrolls with the keyboard too.
            <ul className="raid-greet-list" aria-label={t('raids:confirmList')} tabIndex={0}>
              {raiders.map((chatter) => (
                <li key={chatter.id} className="raid-greet-raider">
                  <Avatar
                    src={chatter.profileImage}
                    displayName={chatter.displayName}
                    username={chatter.username}
                    size={28}
                  />
                  <span className="raid-greet-name">{chatter.displayName || chatter.username}</span>
                </li>
              ))}
            </ul>
          )}
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="button button-secondary">
                {t('common.cancel')}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className="button button-primary"
              disabled={busy || count === 0}
              onClick={() => raiders && onGreet(raiders)}
              ref={greetButton}
            >
              {t('raids:confirmGreet', { count })}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
