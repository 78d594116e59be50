import type { GlobalEditorDto, GlobalEditorInviteDto, UserDto } from '@greetboard/contracts/wire';
import { Check, Clock, Trash2, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useServerErrorText } from '../i18n/server-error';
import { Avatar } from '../../components/Avatar';
import {
  useAnswerInviteMutation,
  useInviteEditorMutation,
  useRemoveEditorMutation,
} from './settings-lists-api';
import { UserSearch } from './UserSearch';

interface GlobalEditorsSectionProps {
  user: UserDto;
  editors: GlobalEditorDto[];
  invites: GlobalEditorInviteDto[];
}

function Person({ person }: { person: GlobalEditorDto['editor'] }) {
  return (
    <span className="settings-person">
      <Avatar
        src={person.profileImage}
        displayName={person.displayName}
        username={person.username}
        size={28}
      />
      <span className="settings-list-main">
        <strong>{person.displayName || person.username}</strong>
        <span className="settings-list-meta">@{person.username}</span>
      </span>
    </span>
  );
}

/** Invite helpers who may greet in all of your sessions; answer invites from other streamers. */
export function GlobalEditorsSection({ user, editors, invites }: GlobalEditorsSectionProps) {
  const { t } = useTranslation();
  const errorText = useServerErrorText();
  const [username, setUsername] = useState('');
  const [invite, { isLoading: inviting }] = useInviteEditorMutation();
  const [removeEditor] = useRemoveEditorMutation();
  const [answerInvite] = useAnswerInviteMutation();
  const received = invites.filter((i) => i.status === 'pending' && i.receiverId === user.id);
  const sent = invites.filter((i) => i.status === 'pending' && i.senderId === user.id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = username.trim();
    if (!chosen) return;
    try {
      await invite(chosen).unwrap();
      toast.success(t('settings:toast.inviteSent'));
      setUsername('');
    } catch (error) {
      toast.error(errorText(error) ?? t('settings:toast.inviteFailed'));
    }
  };

  const remove = async (editor: GlobalEditorDto) => {
    try {
      await removeEditor(editor.id).unwrap();
      toast.success(t('settings:toast.editorRemoved'));
    } catch {
      toast.error(t('settings:toast.editorRemoveFailed'));
    }
  };

  const answer = async (entry: GlobalEditorInviteDto, status: 'accepted' | 'declined') => {
    try {
      await answerInvite({ id: entry.id, status }).unwrap();
      toast.success(
        t(
          status === 'accepted' ? 'settings:toast.inviteAccepted' : 'settings:toast.inviteDeclined',
        ),
      );
    } catch {
      toast.error(
        t(status === 'accepted' ? 'settings:toast.acceptFailed' : 'settings:toast.declineFailed'),
      );
    }
  };

  return (
    <section className="card settings-section" aria-labelledby="editors-heading">
      <h2 id="editors-heading" className="card-title">
        {t('settings:editors.title')}
      </h2>
      <p className="settings-description">{t('settings:editors.description')}</p>
      <UserSearch label={t('settings:editors.searchLabel')} onChoose={setUsername} />
      <form className="settings-form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="field">
          <span className="field-label">{t('settings:editors.username')}</span>
          <input
            className="input"
            value={username}
            autoComplete="off"
            placeholder={t('settings:editors.usernamePlaceholder')}
            onChange={(e) => setUsername(e.target.value)}
          />
        </label>
        <div className="form-actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={inviting || !username.trim()}
          >
            {t('settings:editors.invite')}
          </button>
        </div>
      </form>

      <h3 className="settings-subtitle">{t('settings:editors.current')}</h3>
      {editors.length === 0 ? (
        <p className="empty-state">{t('settings:editors.noEditors')}</p>
      ) : (
        <ul className="settings-list" aria-label={t('settings:editors.current')}>
          {editors.map((editor) => (
            <li key={editor.id} className="settings-list-row">
              <Person person={editor.editor} />
              <button
                type="button"
                className="icon-button icon-danger"
                onClick={() => void remove(editor)}
                aria-label={t('settings:editors.remove', { name: editor.editor.username })}
                title={t('settings:editors.remove', { name: editor.editor.username })}
              >
                <Trash2 aria-hidden size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}

      <h3 className="settings-subtitle">{t('settings:editors.received')}</h3>
      {received.length === 0 ? (
        <p className="empty-state">{t('settings:editors.noReceived')}</p>
      ) : (
        <ul className="settings-list" aria-label={t('settings:editors.received')}>
          {received.map((entry) => (
            <li key={entry.id} className="settings-list-row">
              <Person person={entry.sender} />
              <span className="settings-row-actions">
                <button
                  type="button"
                  className="button button-primary button-small"
                  onClick={() => void answer(entry, 'accepted')}
                  aria-label={t('settings:editors.acceptFrom', { name: entry.sender.username })}
                >
                  <Check aria-hidden size={14} />
                  {t('settings:editors.accept')}
                </button>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => void answer(entry, 'declined')}
                  aria-label={t('settings:editors.declineFrom', { name: entry.sender.username })}
                >
                  <X aria-hidden size={14} />
                  {t('settings:editors.decline')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}

      <h3 className="settings-subtitle">{t('settings:editors.sent')}</h3>
      {sent.length === 0 ? (
        <p className="empty-state">{t('settings:editors.noSent')}</p>
      ) : (
        <ul className="settings-list" aria-label={t('settings:editors.sent')}>
          {sent.map((entry) => (
            <li key={entry.id} className="settings-list-row">
              <Person person={entry.receiver} />
              <span className="settings-pending">
                <span className="badge status-pending">
                  <Clock aria-hidden size={12} />
                  {t('settings:editors.pending')}
                </span>
                <span className="settings-list-meta">{t('settings:editors.waiting')}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
