import type { SessionDto } from '@greetboard/contracts/wire';
import { Eye, Pencil, Play, Square, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RelativeTime } from '../i18n/RelativeTime';
import { keywordPreview, parseKeywords } from './keywords';
import { RenameSessionForm, useRenaming } from './RenameSessionForm';
import './sessions.css';

interface SessionRowProps {
  session: SessionDto;
  selected: boolean;
  isOwner: boolean;
  onSelect: () => void;
  onStart: () => void;
  onStop: () => void;
  onDelete: () => void;
}

export function SessionRow(props: SessionRowProps) {
  const { session, selected, isOwner } = props;
  const { t } = useTranslation();
  const { shown, more } = keywordPreview(parseKeywords(session.keywords));
  const rename = useRenaming();
  return (
    <li className={`session-row ${selected ? 'is-selected' : ''}`}>
      <div className="session-row-main">
        {rename.renaming ? (
          <RenameSessionForm session={session} onDone={rename.close} />
        ) : (
          <div className="session-row-title">
            {session.isActive && (
              <span
                className="live-dot"
                role="img"
                aria-label={t('common.active')}
                title={t('common.active')}
              />
            )}
            <Link to={`/session/${session.id}`} className="session-link">
              {session.name}
            </Link>
            {selected && <span className="badge">{t('common.selected')}</span>}
          </div>
        )}
        <div className="session-row-meta">
          {!isOwner && session.user?.username && (
            <span>
              {t('settings.sessionOwner', { username: session.user.username })}
              {' · '}
            </span>
          )}
          <RelativeTime iso={session.createdAt} wrap={(time) => t('sessions.created', { time })} />
        </div>
        {(shown.length > 0 || more > 0) && (
          <ul className="chips chips-small">
            {shown.map((k) => (
              <li key={k} className="chip">
                {k}
              </li>
            ))}
            {more > 0 && (
              <li
                className="chip chip-more"
                aria-label={t('sessions.moreKeywordsLabel', { count: more })}
              >
                {t('sessions.moreKeywords', { count: more })}
              </li>
            )}
          </ul>
        )}
      </div>
      <div className="session-row-actions">
        <button
          type="button"
          className={`icon-button ${selected ? 'is-on' : ''}`}
          onClick={props.onSelect}
          aria-label={t('sessions.select', { name: session.name })}
          aria-pressed={selected}
          title={t('sessions.select', { name: session.name })}
        >
          <Eye aria-hidden size={18} />
        </button>
        {isOwner && !rename.renaming && (
          <button
            ref={rename.buttonRef}
            type="button"
            className="icon-button"
            onClick={rename.open}
            aria-label={t('sessions.renameNamed', { name: session.name })}
            title={t('sessions.renameNamed', { name: session.name })}
          >
            <Pencil aria-hidden size={16} />
          </button>
        )}
        {isOwner &&
          (session.isActive ? (
            <button
              type="button"
              className="icon-button"
              onClick={props.onStop}
              aria-label={t('sessions.stopNamed', { name: session.name })}
              title={t('sessions.stopNamed', { name: session.name })}
            >
              <Square aria-hidden size={16} />
            </button>
          ) : (
            <button
              type="button"
              className="icon-button"
              onClick={props.onStart}
              aria-label={t('sessions.startNamed', { name: session.name })}
              title={t('sessions.startNamed', { name: session.name })}
            >
              <Play aria-hidden size={16} />
            </button>
          ))}
        {/* Delete on every row, as the spec shows it: the server refuses a session not the
            user's (owner or admin), and the toast says why. */}
        <button
          type="button"
          className="icon-button icon-danger"
          onClick={props.onDelete}
          aria-label={t('sessions.deleteNamed', { name: session.name })}
          title={t('sessions.deleteNamed', { name: session.name })}
        >
          <Trash2 aria-hidden size={16} />
        </button>
      </div>
    </li>
  );
}
