import type { UserSettingsDto } from '@greetboard/contracts/wire';
import { useState, type KeyboardEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { KeywordChips } from '../../components/KeywordChips';
import { addKeyword } from '../sessions/keywords';
import { defaultKeywordsOf } from './settings-api';
import { useUpdateSettingsMutation } from './settings-lists-api';

/** Keywords every new session starts with (the new-session form reads them). */
export function DefaultKeywordsSection({ settings }: { settings: UserSettingsDto }) {
  const { t } = useTranslation();
  const [update] = useUpdateSettingsMutation();
  const [draft, setDraft] = useState('');
  const keywords = defaultKeywordsOf(settings);

  const save = async (next: string[]) => {
    try {
      await update({ ...settings, defaultKeywords: JSON.stringify(next) }).unwrap();
      toast.success(t('settings:toast.updated'));
    } catch {
      toast.error(t('settings:toast.updateFailed'));
    }
  };

  const add = () => {
    const next = addKeyword(keywords, draft);
    setDraft('');
    if (next.length !== keywords.length) void save(next);
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <section className="card settings-section" aria-labelledby="keywords-heading">
      <h2 id="keywords-heading" className="card-title">
        {t('settings:keywords.title')}
      </h2>
      <p className="settings-description">{t('settings:keywords.description')}</p>
      <div className="field">
        <label className="field-label" htmlFor="default-keyword">
          {t('settings:keywords.label')}
        </label>
        <div className="input-row">
          <input
            id="default-keyword"
            className="input"
            value={draft}
            placeholder={t('settings:keywords.placeholder')}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKey}
          />
          <button type="button" className="button button-secondary" onClick={add}>
            {t('common.add')}
          </button>
        </div>
      </div>
      {keywords.length === 0 ? (
        <p className="empty-state">{t('settings:keywords.empty')}</p>
      ) : (
        <KeywordChips
          keywords={keywords}
          onRemove={(k) => void save(keywords.filter((x) => x !== k))}
        />
      )}
    </section>
  );
}
