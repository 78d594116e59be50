import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KeywordChips } from '../../components/KeywordChips';
import { addKeyword } from './keywords';
import './sessions.css';

interface NewSessionFormProps {
  username: string;
  defaultKeywords: string[];
  onCreate: (input: { name: string; keywords: string[] }) => Promise<unknown>;
  onCancel: () => void;
}

export function NewSessionForm({
  username,
  defaultKeywords,
  onCreate,
  onCancel,
}: NewSessionFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(() => t('sessions.defaultName', { username }));
  // The defaults until the user changes the list: settings may arrive after the form opens.
  const [editedKeywords, setKeywords] = useState<string[] | null>(null);
  const keywords = editedKeywords ?? defaultKeywords;
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = () => {
    const next = addKeyword(keywords, draft);
    if (next.length !== keywords.length) setKeywords(next);
    setDraft('');
  };

  const onKeywordKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('sessions.nameRequired'));
      return;
    }
    setBusy(true);
    await onCreate({ name: trimmed, keywords });
    setBusy(false);
  };

  return (
    <form className="card new-session-form" onSubmit={(e) => void submit(e)} noValidate>
      <h3 className="card-title">{t('sessions.formTitle')}</h3>
      <label className="field">
        <span className="field-label">{t('sessions.name')}</span>
        <input
          className="input"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'session-name-error' : undefined}
          required
          autoFocus
        />
        {error && (
          <span id="session-name-error" className="field-error" role="alert">
            {error}
          </span>
        )}
      </label>
      <div className="field">
        <label className="field-label" htmlFor="session-keyword">
          {t('sessions.keywords')}
        </label>
        <div className="input-row">
          <input
            id="session-keyword"
            className="input"
            value={draft}
            placeholder={t('sessions.keywordPlaceholder')}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeywordKey}
            aria-describedby="session-keyword-hint"
          />
          <button type="button" className="button button-secondary" onClick={add}>
            {t('common.add')}
          </button>
        </div>
        <span id="session-keyword-hint" className="field-hint">
          {t('sessions.keywordsHint')}
        </span>
        <KeywordChips
          keywords={keywords}
          onRemove={(k) => setKeywords(keywords.filter((x) => x !== k))}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('sessions.create')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
