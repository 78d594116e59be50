import type { UserSettingsDto } from '@greetboard/contracts/wire';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The choices offered; a value set elsewhere (any whole minute up to 120) is shown as well. */
export const GRACE_MINUTE_CHOICES = [0, 5, 10, 15, 30, 60, 120] as const;
/** What the server assumes for an account that never chose (DEFAULT_USER_SETTINGS). */
export const DEFAULT_GRACE_MINUTES = 10;

/**
 * How long an auto-started session waits for its stream to come back before it stops (ADR
 * 0045). Shown beside the auto-start toggle, and disabled while auto-start is off, since only
 * auto-started sessions wait.
 */
export function AutoStartGraceSelect({
  settings,
  onChange,
}: {
  settings: UserSettingsDto;
  onChange: (minutes: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const value = settings.autoStartGraceMinutes ?? DEFAULT_GRACE_MINUTES;
  const choices = (GRACE_MINUTE_CHOICES as readonly number[]).includes(value)
    ? GRACE_MINUTE_CHOICES
    : [...GRACE_MINUTE_CHOICES, value].sort((a, b) => a - b);
  const disabled = settings.autoStartSessions !== true;
  return (
    <div className={`preference-row preference-sub ${disabled ? 'is-disabled' : ''}`}>
      <div className="preference-text">
        <label htmlFor={id} className="preference-label">
          {t('settings:preferences.autoStartGrace')}
        </label>
        <span id={`${id}-hint`} className="field-hint">
          {t('settings:preferences.autoStartGraceHint')}
        </span>
      </div>
      <select
        id={id}
        className="select-trigger"
        value={value}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {choices.map((minutes) => (
          <option key={minutes} value={minutes}>
            {minutes === 0
              ? t('settings:preferences.autoStartGraceNow')
              : t('settings:preferences.autoStartGraceMinutes', { count: minutes })}
          </option>
        ))}
      </select>
    </div>
  );
}
