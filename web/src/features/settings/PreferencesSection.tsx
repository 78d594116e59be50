import type { UserSettingsDto } from '@greetboard/contracts/wire';
import { Volume2 } from 'lucide-react';
import { Switch } from 'radix-ui';
import { Fragment, useId } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { playNewChatterSound } from '../chatters/notification-sound';
import { LANGUAGES, type Language } from '../i18n/i18n';
import { themeSet, type Theme } from '../theme/theme-slice';
import { useUpdateSettingsMutation } from './settings-lists-api';
import { applyLanguage } from './use-account-preferences';
import { AutoStartGraceSelect } from './AutoStartGraceSelect';

type Toggle = 'soundNotifications' | 'autoStartSessions' | 'obsMode' | 'announceSessionStatus';
const TOGGLES: Toggle[] = [
  'soundNotifications',
  'autoStartSessions',
  'obsMode',
  'announceSessionStatus',
];

/** Every language names itself, so a streamer can find theirs whatever is showing. */
const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
};

function PreferenceSwitch(props: {
  name: Toggle;
  checked: boolean;
  onChange: (value: boolean) => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="preference-row">
      <div className="preference-text">
        <label htmlFor={id} className="preference-label">
          {t(`settings:preferences.${props.name}`)}
        </label>
        <span id={`${id}-hint`} className="field-hint">
          {t(`settings:preferences.${props.name}Hint`)}
        </span>
      </div>
      {props.children}
      <Switch.Root
        id={id}
        className="switch"
        checked={props.checked}
        onCheckedChange={props.onChange}
        aria-describedby={`${id}-hint`}
      >
        <Switch.Thumb className="switch-thumb" />
      </Switch.Root>
    </div>
  );
}

export function PreferencesSection({ settings }: { settings: UserSettingsDto }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  // The selects show what this browser shows (the top bar toggles the theme locally too).
  const currentTheme = useAppSelector((state) => state.theme.theme);
  const currentLanguage = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'en';
  const [update] = useUpdateSettingsMutation();
  const themeId = useId();
  const languageId = useId();

  /** The spec sends the stored settings merged with the change. */
  const save = async (changes: Partial<UserSettingsDto>) => {
    try {
      await update({ ...settings, ...changes }).unwrap();
      // i18n.t, not the t of this render: after a language change the toast speaks the new one.
      toast.success(i18n.t('settings:toast.updated'));
      return true;
    } catch {
      toast.error(i18n.t('settings:toast.updateFailed'));
      return false;
    }
  };

  const chooseTheme = async (theme: Theme) => {
    const previous = currentTheme;
    dispatch(themeSet(theme));
    if (!(await save({ theme }))) dispatch(themeSet(previous));
  };

  const chooseLanguage = async (language: Language) => {
    const previous = currentLanguage;
    await applyLanguage(language);
    if (!(await save({ language }))) await applyLanguage(previous);
  };

  return (
    <section className="card settings-section" aria-labelledby="preferences-heading">
      <h2 id="preferences-heading" className="card-title">
        {t('settings:preferences.title')}
      </h2>
      {TOGGLES.map((name) => (
        <Fragment key={name}>
          <PreferenceSwitch
            name={name}
            checked={settings[name] === true}
            onChange={(value) => void save({ [name]: value })}
          >
            {name === 'soundNotifications' && (
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={playNewChatterSound}
              >
                <Volume2 aria-hidden size={14} />
                {t('settings:preferences.testSound')}
              </button>
            )}
          </PreferenceSwitch>
          {name === 'autoStartSessions' && (
            <AutoStartGraceSelect
              settings={settings}
              onChange={(minutes) => void save({ autoStartGraceMinutes: minutes })}
            />
          )}
        </Fragment>
      ))}
      <div className="preference-row">
        <label htmlFor={themeId} className="preference-label">
          {t('settings:preferences.theme')}
        </label>
        <select
          id={themeId}
          className="select-trigger"
          value={currentTheme}
          onChange={(e) => void chooseTheme(e.target.value as Theme)}
        >
          <option value="dark">{t('settings:preferences.themeDark')}</option>
          <option value="light">{t('settings:preferences.themeLight')}</option>
        </select>
      </div>
      <div className="preference-row">
        <label htmlFor={languageId} className="preference-label">
          {t('settings:preferences.language')}
        </label>
        <select
          id={languageId}
          className="select-trigger"
          value={currentLanguage}
          onChange={(e) => void chooseLanguage(e.target.value as Language)}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
