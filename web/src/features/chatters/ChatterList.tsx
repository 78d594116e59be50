import type { ChatterDto } from '@greetboard/contracts/wire';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { RelativeTime } from '../i18n/RelativeTime';
import { GreetButton } from './GreetButton';
import { useGreet } from './use-greet';
import './chatters.css';

/**
 * How much of a chatter a row shows: `list` on the dashboard (first message on one line);
 * `detailed` on the session page (whole first message, first seen, who greeted and when); `compact` in the OBS overlay, one 40 px
 * line whose height the overlay's row count relies on.
 */
export type ChatterRowVariant = 'list' | 'detailed' | 'compact';

const LOOK: Record<
  ChatterRowVariant,
  { list: string; row: string; avatar: number; greetIcon?: number }
> = {
  list: { list: 'chatter-list scroll-list', row: 'chatter-row', avatar: 32 },
  detailed: { list: 'chatter-list', row: 'chatter-row chatter-row-detailed', avatar: 40 },
  compact: { list: 'overlay-list', row: 'overlay-row', avatar: 24, greetIcon: 16 },
};

interface ChatterListProps {
  sessionId: string;
  chatters: readonly ChatterDto[];
  variant: ChatterRowVariant;
  /** Called before the greeting is sent, so Hide greeted can keep the row in view a moment. */
  onGreeted?: (chatterId: string) => void;
  /**
   * What the dashboard and the session page add around a row's name (check mark, badges);
   * passed in, so that their code and texts stay out of the overlay's JavaScript.
   */
  marks?: RowMarks;
  badges?: RowMarks;
  /** Someone else's soft claim of the chatter (presence, ADR 0034). */
  claim?: RowMarks;
  /** The first message with its emotes (the session page); plain text without it. */
  message?: RowMarks;
  /** Opens the chatter's card (ADR 0055): the name becomes a button. */
  onOpenCard?: (chatter: ChatterDto) => void;
  ref?: Ref<HTMLUListElement>;
}

type RowMarks = (chatter: ChatterDto) => ReactNode;

/** The chatters of one session, each with its greet toggle. */
export function ChatterList({
  sessionId,
  chatters,
  variant,
  onGreeted,
  marks,
  badges,
  claim,
  message,
  onOpenCard,
  ref,
}: ChatterListProps) {
  const greet = useGreet(sessionId);
  return (
    <ul className={LOOK[variant].list} ref={ref}>
      {chatters.map((chatter) => (
        <ChatterRow
          key={chatter.id}
          chatter={chatter}
          variant={variant}
          marks={marks}
          badges={badges}
          claim={claim}
          message={message}
          onOpenCard={onOpenCard}
          onToggle={(isGreeted) => {
            if (isGreeted) onGreeted?.(chatter.id);
            greet(chatter.id, isGreeted);
          }}
        />
      ))}
    </ul>
  );
}

interface ChatterRowProps {
  chatter: ChatterDto;
  variant: ChatterRowVariant;
  onToggle: (isGreeted: boolean) => void;
  marks?: RowMarks;
  badges?: RowMarks;
  claim?: RowMarks;
  message?: RowMarks;
  onOpenCard?: (chatter: ChatterDto) => void;
}

export function ChatterRow(props: ChatterRowProps) {
  const { chatter, variant, onToggle, marks, badges, claim, message, onOpenCard } = props;
  const { t } = useTranslation();
  const look = LOOK[variant];
  const name = chatter.displayName || chatter.username;
  const firstMessage = message?.(chatter) ?? (
    <q className="chatter-message">{chatter.firstMessage}</q>
  );
  return (
    <li
      className={`${look.row} ${chatter.isGreeted ? 'is-greeted' : 'is-pending'}`}
      data-chatter-id={chatter.id}
    >
      <Avatar
        src={chatter.profileImage}
        displayName={chatter.displayName}
        username={chatter.username}
        size={look.avatar}
      />
      {variant === 'compact' ? (
        <>
          <span className="overlay-name">{name}</span>
          <span className="overlay-meta">
            <RelativeTime iso={chatter.firstSeenAt} />
            {chatter.isGreeted && chatter.greetedByUser && (
              <span>{t('chatters.by', { name: chatter.greetedByUser.displayName })}</span>
            )}
          </span>
        </>
      ) : (
        <div className="chatter-main">
          <span className="chatter-title">
            {marks?.(chatter)}
            {onOpenCard ? (
              <button
                type="button"
                className="chatter-name chatter-name-button"
                aria-haspopup="dialog"
                onClick={() => onOpenCard(chatter)}
              >
                {name}
              </button>
            ) : (
              <span className="chatter-name">{name}</span>
            )}
            {badges?.(chatter)}
          </span>
          {claim?.(chatter)}
          {chatter.firstMessage &&
            (variant === 'list' ? (
              // The session page shows the whole first message; the dashboard one line of it.
              <span className="chatter-message-line" title={chatter.firstMessage}>
                {firstMessage}
              </span>
            ) : (
              firstMessage
            ))}
          <span className="chatter-meta">
            <RelativeTime
              iso={chatter.firstSeenAt}
              wrap={
                variant === 'detailed' ? (time) => t('chatters.firstSeen', { time }) : undefined
              }
            />
            {chatter.messageCount > 1 && (
              <span className="count-badge">
                {t('chatters.messages', { count: chatter.messageCount })}
              </span>
            )}
          </span>
          {variant === 'detailed' && <GreetedBy chatter={chatter} />}
        </div>
      )}
      <GreetButton
        size={look.greetIcon}
        name={name}
        isGreeted={chatter.isGreeted}
        onToggle={onToggle}
      />
    </li>
  );
}

/** 'Greeted {time} by' and the greeter's avatar and name. */
function GreetedBy({ chatter }: { chatter: ChatterDto }) {
  const { t } = useTranslation();
  if (!chatter.isGreeted || !chatter.greetedAt) return null;
  return (
    <span className="chatter-greeted">
      <RelativeTime iso={chatter.greetedAt} wrap={(time) => t('chatters.greetedBy', { time })} />
      {chatter.greetedByUser && (
        <>
          <Avatar
            src={chatter.greetedByUser.profileImage}
            displayName={chatter.greetedByUser.displayName}
            size={18}
          />
          <span>{chatter.greetedByUser.displayName}</span>
        </>
      )}
    </span>
  );
}
