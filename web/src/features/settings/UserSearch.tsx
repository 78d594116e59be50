import type { UserDto, UserSearchResponse } from '@greetboard/contracts/wire';
import { Search } from 'lucide-react';
import { useId } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { existingUserOf, useImportUserMutation, useSearchUserMutation } from './settings-lists-api';
import { useUserSearch } from './use-user-search';

interface UserSearchProps {
  /** Names the search box (e.g. "Search users to ignore"). */
  label: string;
  onChoose: (username: string) => void;
}

type Status = 'approved' | 'pending' | 'notInDatabase';

/** The person a search found, in one shape: the database user wins over the Twitch account. */
function found(result: UserSearchResponse) {
  const person = result.user ?? result.twitchUser;
  if (!result.found || !person) return null;
  const status: Status = !result.inDatabase
    ? 'notInDatabase'
    : person.isApproved
      ? 'approved'
      : 'pending';
  return { person, status };
}

/** Search by Twitch login, with import of accounts not yet in the database. */
export function UserSearch({ label, onChoose }: UserSearchProps) {
  const { t } = useTranslation();
  const id = useId();
  const [searchUser] = useSearchUserMutation();
  const [importUser, { isLoading: importing }] = useImportUserMutation();
  const search = useUserSearch(
    (term) => searchUser(term).unwrap(),
    () => toast.error(t('settings:toast.searchFailed')),
  );

  const showAsImported = (user: UserDto) =>
    search.setResult({ found: true, inDatabase: true, user, twitchUser: null });

  const runImport = async (username: string) => {
    if (importing) return;
    try {
      const answer = await importUser(username).unwrap();
      toast.success(
        t('settings:toast.userImported', { name: answer.user.displayName || answer.user.username }),
      );
      showAsImported(answer.user);
    } catch (error) {
      const existing = existingUserOf(error);
      if (existing) {
        toast.success(t('settings:toast.userExists'));
        showAsImported(existing);
      } else {
        toast.error(t('settings:toast.importFailed'));
      }
    }
  };

  const hit = search.result ? found(search.result) : null;
  return (
    <div className="user-search">
      <label className="field-label" htmlFor={`${id}-search`}>
        {label}
      </label>
      <div className="user-search-box">
        <Search aria-hidden size={16} className="user-search-icon" />
        <input
          id={`${id}-search`}
          className="input"
          type="search"
          autoComplete="off"
          value={search.text}
          placeholder={t('settings:search.placeholder')}
          aria-describedby={`${id}-hint`}
          onChange={(e) => search.setText(e.target.value)}
          onFocus={search.onFocus}
          onBlur={search.onBlur}
        />
      </div>
      <span id={`${id}-hint`} className="field-hint">
        {t('settings:search.hint')}
      </span>
      {search.showResults && (
        <div
          className="user-search-results"
          role="region"
          aria-label={t('settings:search.results')}
        >
          {!hit ? (
            <p className="user-search-empty">{t('settings:search.noResult')}</p>
          ) : (
            <div className="user-search-result">
              <Avatar
                src={hit.person.profileImage}
                displayName={hit.person.displayName}
                username={hit.person.username}
                size={32}
              />
              <span className="user-search-name">
                <strong>{hit.person.displayName || hit.person.username}</strong>
                <span className="user-search-login">@{hit.person.username}</span>
              </span>
              <span className={`badge status-${hit.status}`}>
                {t(`settings:search.status.${hit.status}`)}
              </span>
              {hit.status === 'notInDatabase' && (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  // Not disabled while busy: a disabled button drops focus, which would hide
                  // the result before its outcome shows.
                  aria-disabled={importing || undefined}
                  onFocus={search.onFocus}
                  onBlur={search.onBlur}
                  onClick={() => void runImport(hit.person.username)}
                >
                  {t('settings:search.import')}
                </button>
              )}
              <button
                type="button"
                className="button button-primary button-small"
                onFocus={search.onFocus}
                onBlur={search.onBlur}
                onClick={() => {
                  onChoose(hit.person.username);
                  search.clear();
                }}
              >
                {t('settings:search.choose')}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
