import type { SessionDto } from '@greetboard/contracts/wire';
import { Check, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useUpdateSessionMutation } from './sessions-api';

/** The server's limit on a session's name (UpdateSessionBody in the contracts). */
export const MAX_SESSION_NAME_LENGTH = 100;

/**
 * Whether a session's name is being edited, and the Rename button that opened it: focus goes
 * back to that button when the form closes, so a keyboard user stays where they were.
 */
export function useRenaming() {
  const [renaming, setRenaming] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasRenaming = useRef(false);
  useEffect(() => {
    if (wasRenaming.current && !renaming) buttonRef.current?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);
  return {
    renaming,
    buttonRef,
    open: () => setRenaming(true),
    close: () => setRenaming(false),
  };
}

interface RenameSessionFormProps {
  session: Pick<SessionDto, 'id' | 'name'>;
  /** Called once the name is saved (or left unchanged), and on Cancel or Escape. */
  onDone: () => void;
  className?: string;
}

/**
 * A session's name in place, prefilled: Enter or Save saves it through `PUT /api/sessions/{id}`,
 * Escape or Cancel leaves it. Every other screen hears of it through `session_updated`.
 */
export function RenameSessionForm({ session, onDone, className = '' }: RenameSessionFormProps) {
  const { t } = useTranslation();
  const [updateSession, { isLoading }] = useUpdateSessionMutation();
  const [name, setName] = useState(session.name);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('sessions.nameRequired'));
      return;
    }
    if (trimmed === session.name) {
      onDone();
      return;
    }
    try {
      await updateSession({ id: session.id, name: trimmed }).unwrap();
      toast.success(t('toast.sessionUpdated'));
      onDone();
    } catch {
      toast.error(t('toast.updateSessionFailed'));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onDone();
    }
  };

  return (
    <form
      className={`rename-form ${className}`}
      onSubmit={(e) => void submit(e)}
      onKeyDown={onKeyDown}
      noValidate
    >
      <div className="rename-form-row">
        <input
          className="input rename-input"
          value={name}
          maxLength={MAX_SESSION_NAME_LENGTH}
          aria-label={t('sessions.name')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          onFocus={(e) => e.target.select()}
          autoFocus
          required
        />
        <button type="submit" className="button button-primary button-small" disabled={isLoading}>
          <Check aria-hidden size={14} />
          {t('sessions.save')}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={onDone}>
          <X aria-hidden size={14} />
          {t('common.cancel')}
        </button>
      </div>
      {error && (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
