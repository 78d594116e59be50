import type { IgnoredUserDto } from '@greetboard/contracts/wire';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useServerErrorText } from '../i18n/server-error';
import { useAddIgnoredUserMutation, useRemoveIgnoredUserMutation } from './settings-lists-api';
import { UserSearch } from './UserSearch';

/** Spec: ignored users never become chatters in any of the owner's sessions. */
export function IgnoredUsersSection({ ignoredUsers }: { ignoredUsers: IgnoredUserDto[] }) {
  const { t } = useTranslation();
  const errorText = useServerErrorText();
  const [username, setUsername] = useState('');
  const [reason, setReason] = useState('');
  const [add, { isLoading: adding }] = useAddIgnoredUserMutation();
  const [remove] = useRemoveIgnoredUserMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = username.trim();
    if (!chosen) return;
    try {
      const trimmedReason = reason.trim();
      await add({ username: chosen, ...(trimmedReason ? { reason: trimmedReason } : {}) }).unwrap();
      toast.success(t('settings:toast.ignoredAdded'));
      setUsername('');
      setReason('');
    } catch (error) {
      toast.error(errorText(error) ?? t('settings:toast.ignoredAddFailed'));
    }
  };

  const removeEntry = async (entry: IgnoredUserDto) => {
    try {
      await remove(entry.id).unwrap();
      toast.success(t('settings:toast.ignoredRemoved'));
    } catch {
      toast.error(t('settings:toast.ignoredRemoveFailed'));
    }
  };

  return (
    <section className="card settings-section" aria-labelledby="ignored-heading">
      <h2 id="ignored-heading" className="card-title">
        {t('settings:ignored.title')}
      </h2>
      <p className="settings-description">{t('settings:ignored.description')}</p>
      <UserSearch label={t('settings:ignored.searchLabel')} onChoose={setUsername} />
      <form className="settings-form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="field">
          <span className="field-label">{t('settings:ignored.username')}</span>
          <input
            className="input"
            value={username}
            readOnly
            placeholder={t('settings:ignored.usernamePlaceholder')}
          />
        </label>
        <label className="field">
          <span className="field-label">{t('settings:ignored.reason')}</span>
          <input
            className="input"
            value={reason}
            maxLength={200}
            placeholder={t('settings:ignored.reasonPlaceholder')}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
        <div className="form-actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={adding || !username.trim()}
          >
            {t('settings:ignored.add')}
          </button>
        </div>
      </form>
      {ignoredUsers.length === 0 ? (
        <p className="empty-state">{t('settings:ignored.empty')}</p>
      ) : (
        <ul className="settings-list" aria-label={t('settings:ignored.listLabel')}>
          {ignoredUsers.map((entry) => (
            <li key={entry.id} className="settings-list-row">
              <span className="settings-list-main">
                <strong>{entry.username}</strong>
                {entry.reason && <span className="settings-list-meta">{entry.reason}</span>}
              </span>
              <button
                type="button"
                className="icon-button icon-danger"
                onClick={() => void removeEntry(entry)}
                aria-label={t('settings:ignored.remove', { name: entry.username })}
                title={t('settings:ignored.remove', { name: entry.username })}
              >
                <Trash2 aria-hidden size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
