import { RAID_WINDOW_SECONDS } from '@greetboard/contracts/wire';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useServerErrorText } from '../i18n/server-error';
import { useGetRaidSettingsQuery, useUpdateRaidSettingsMutation } from './raid-settings-api';

/**
 * The raid window on the settings screen (ADR 0053): how long after a raid a new chatter's
 * first message makes them a raider. The server checks the bounds and says why it refuses.
 */
export function RaidWindowSection() {
  const { t } = useTranslation('raids');
  const errorText = useServerErrorText();
  const settings = useGetRaidSettingsQuery();
  const [update, saving] = useUpdateRaidSettingsMutation();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const stored = settings.data?.windowSeconds;
  const value = draft ?? (stored === undefined ? '' : String(stored));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update({ windowSeconds: Number(value) }).unwrap();
      setDraft(undefined);
      toast.success(t('raids:windowSaved'));
    } catch (error) {
      toast.error(errorText(error) ?? t('raids:windowFailed'));
    }
  };

  return (
    <section className="card settings-section" aria-labelledby="raid-window-heading">
      <h2 id="raid-window-heading" className="card-title">
        {t('raids:windowTitle')}
      </h2>
      <p className="settings-description">{t('raids:windowDescription')}</p>
      {/* The server checks the bounds and its refusal says why, in the reader's language. */}
      <form className="field" noValidate onSubmit={(event) => void save(event)}>
        <label className="field-label" htmlFor="raid-window">
          {t('raids:windowLabel')}
        </label>
        <div className="input-row">
          <input
            id="raid-window"
            className="input"
            type="number"
            inputMode="numeric"
            min={RAID_WINDOW_SECONDS.min}
            max={RAID_WINDOW_SECONDS.max}
            step={1}
            value={value}
            disabled={stored === undefined}
            aria-describedby="raid-window-hint"
            onChange={(e) => setDraft(e.target.value)}
          />
          <button
            type="submit"
            className="button button-secondary"
            disabled={stored === undefined || saving.isLoading || value === String(stored)}
          >
            {t('raids:windowSave')}
          </button>
        </div>
        <span id="raid-window-hint" className="field-hint">
          {t('raids:windowHint')}
        </span>
      </form>
    </section>
  );
}
