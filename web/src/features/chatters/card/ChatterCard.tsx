import type { ChatterDto, SessionDto } from '@greetboard/contracts/wire';
import { Dialog } from 'radix-ui';
import { useCallback, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/Avatar';
import { useAuth } from '../../auth/use-auth';
import { formatRelative } from '../../i18n/RelativeTime';
import { useServerErrorText } from '../../i18n/server-error';
import { useAddIgnoredUserMutation } from '../../settings/settings-lists-api';
import { chatterMessage } from '../ChatMessage';
import { useGreet } from '../use-greet';
import { useGetChatterCardQuery, useShoutoutMutation } from './chatter-card-api';
import './chatter-card.css';

/**
 * A chatter's card for a screen that lists chatters (ADR 0055): `open` is the list's
 * `onOpenCard`, `element` the dialog to render once. The card shows the list's live row while
 * the page holds it, and what it read when opened otherwise.
 */
export function useChatterCard(session: SessionDto, rows: readonly ChatterDto[]) {
  const [opened, setOpened] = useState<ChatterDto | null>(null);
  const open = useCallback((chatter: ChatterDto) => setOpened(chatter), []);
  const live = opened && rows.find((row) => row.id === opened.id);
  const element = opened && (
    <ChatterCard
      session={session}
      opened={opened}
      live={live || undefined}
      onClose={() => setOpened(null)}
    />
  );
  return { open, element };
}

interface ChatterCardProps {
  session: SessionDto;
  /** The chatter as the list showed it when the card opened. */
  opened: ChatterDto;
  /** The list's row of the chatter while the shown page holds it (live updates). */
  live?: ChatterDto;
  onClose: () => void;
}

function ChatterCard({ session, opened, live, onClose }: ChatterCardProps) {
  const { t, i18n, ready } = useTranslation('chatterCard');
  const { user } = useAuth();
  const errorText = useServerErrorText();
  const card = useGetChatterCardQuery(
    { sessionId: session.id, chatterId: opened.id },
    { refetchOnMountOrArgChange: true },
  );
  const greet = useGreet(session.id);
  const [ignore, ignoring] = useAddIgnoredUserMutation();
  const [shoutout, shouting] = useShoutoutMutation();
  // The list's row is live; once the page no longer holds it (greeted while greeted rows are
  // hidden), the card's own read, made again after each greet from here.
  const chatter = live ?? card.data?.chatter ?? opened;
  const name = chatter.displayName || chatter.username;
  const language = i18n.language;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
  const isOwner = user?.id === session.userId;

  const onIgnore = () => {
    ignore({ username: chatter.username })
      .unwrap()
      .then(() => toast.success(t('chatterCard:ignored', { name }), { id: 'card-ignore' }))
      .catch((error: unknown) =>
        toast.error(errorText(error) ?? t('chatterCard:ignoreFailed', { name }), {
          id: 'card-ignore',
        }),
      );
  };
  const onShoutout = () => {
    shoutout({ sessionId: session.id, twitchId: chatter.twitchId })
      .unwrap()
      .then(() => toast.success(t('chatterCard:shoutoutSent', { name }), { id: 'card-shoutout' }))
      .catch((error: unknown) =>
        toast.error(errorText(error) ?? t('chatterCard:shoutoutFailed'), { id: 'card-shoutout' }),
      );
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog-content chatter-card"
          onCloseAutoFocus={(event) => {
            // Back to the name that opened the card, even when its row was drawn anew.
            const row = [...document.querySelectorAll<HTMLElement>('[data-chatter-id]')].find(
              (element) => element.dataset.chatterId === chatter.id,
            );
            const button = row?.querySelector<HTMLElement>('.chatter-name-button');
            if (button) {
              event.preventDefault();
              button.focus();
            }
          }}
        >
          <div className="chatter-card-head">
            <Avatar
              src={chatter.profileImage}
              displayName={chatter.displayName}
              username={chatter.username}
              size={48}
            />
            <div className="chatter-card-names">
              <Dialog.Title className="dialog-title chatter-card-title">{name}</Dialog.Title>
              {name.toLowerCase() !== chatter.username && (
                <span className="chatter-card-login">{chatter.username}</span>
              )}
            </div>
          </div>
          <Dialog.Description className="visually-hidden">
            {ready ? t('chatterCard:description') : ''}
          </Dialog.Description>
          {ready && (
            <dl className="chatter-card-facts">
              <Fact label={t('chatterCard:firstMessage')} name="first-message">
                {chatter.firstMessage ? chatterMessage(chatter) : '—'}
              </Fact>
              <Fact label={t('chatterCard:messages')} name="messages">
                {chatter.messageCount}
              </Fact>
              <Fact label={t('chatterCard:badges')} name="badges">
                {card.data ? (
                  <TwitchBadges badges={card.data.badges} />
                ) : (
                  <Pending failed={card.isError} />
                )}
              </Fact>
              <Fact label={t('chatterCard:accountCreated')} name="account-created">
                {!card.data ? (
                  <Pending failed={card.isError} />
                ) : card.data.accountCreatedAt ? (
                  t('chatterCard:accountCreatedValue', {
                    date: date(card.data.accountCreatedAt),
                    age: formatRelative(card.data.accountCreatedAt, language),
                  })
                ) : (
                  t('chatterCard:notKnownYet')
                )}
              </Fact>
              <Fact label={t('chatterCard:streamsSeen')} name="streams-seen">
                {t('chatterCard:streamsSeenValue', { count: chatter.sessionsSeen })}
              </Fact>
              <Fact label={t('chatterCard:lastSeen')} name="last-seen">
                {chatter.lastSeenBeforeAt
                  ? t('chatterCard:accountCreatedValue', {
                      date: date(chatter.lastSeenBeforeAt),
                      age: formatRelative(chatter.lastSeenBeforeAt, language),
                    })
                  : t('chatterCard:lastSeenNever')}
              </Fact>
              <Fact label={t('chatterCard:moderation')} name="moderation">
                <ModerationState chatter={chatter} />
              </Fact>
            </dl>
          )}
          {ready && (
            <div className="dialog-actions chatter-card-actions">
              <button
                type="button"
                className={chatter.isGreeted ? 'button button-secondary' : 'button button-primary'}
                onClick={() => {
                  greet(chatter.id, !chatter.isGreeted, () => void card.refetch());
                }}
              >
                {chatter.isGreeted ? t('chatterCard:ungreet') : t('chatterCard:greet')}
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={shouting.isLoading}
                onClick={onShoutout}
              >
                {t('chatterCard:shoutout')}
              </button>
              {isOwner && (
                <button
                  type="button"
                  className="button button-danger"
                  disabled={ignoring.isLoading}
                  onClick={onIgnore}
                >
                  {t('chatterCard:ignore')}
                </button>
              )}
              <Dialog.Close asChild>
                <button type="button" className="button button-secondary">
                  {t('chatterCard:close')}
                </button>
              </Dialog.Close>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Fact({ label, name, children }: { label: string; name: string; children: ReactNode }) {
  return (
    <div className="chatter-card-fact" data-fact={name}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Pending({ failed }: { failed: boolean }) {
  const { t } = useTranslation('chatterCard');
  return failed ? (
    <span className="chatter-card-muted">{t('chatterCard:loadFailed')}</span>
  ) : (
    <span className="chatter-card-muted">…</span>
  );
}

/** The badges Greetboard names, in Twitch's order of rank; others are left out. */
const KNOWN_BADGES = ['broadcaster', 'moderator', 'vip', 'subscriber'] as const;

function TwitchBadges({ badges }: { badges: Record<string, string> }) {
  const { t } = useTranslation('chatterCard');
  const shown = KNOWN_BADGES.filter((badge) => badges[badge] !== undefined);
  if (shown.length === 0) return <>{t('chatterCard:noBadges')}</>;
  return (
    <span className="chatter-card-badges">
      {shown.map((badge) => {
        const months = Number(badges[badge]);
        const text =
          badge === 'subscriber' && months > 0
            ? t('chatterCard:subscriberFor', { count: months })
            : t(`chatterCard:${badge}`);
        return (
          <span key={badge} className={`chatter-badge twitch-badge-${badge}`}>
            {text}
          </span>
        );
      })}
    </span>
  );
}

function ModerationState({ chatter }: { chatter: ChatterDto }) {
  const { t, i18n } = useTranslation('chatterCard');
  const states: string[] = [];
  if (chatter.moderation === 'banned') states.push(t('chatterCard:banned'));
  if (chatter.moderation === 'timed_out') {
    const time = chatter.timeoutEndsAt
      ? new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
          new Date(chatter.timeoutEndsAt),
        )
      : '';
    states.push(t('chatterCard:timedOutUntil', { time }));
  }
  if (chatter.firstMessageDeleted) states.push(t('chatterCard:firstMessageDeleted'));
  if (states.length === 0) return <>{t('chatterCard:moderationNone')}</>;
  return <span className="chatter-card-moderated">{states.join(' · ')}</span>;
}
