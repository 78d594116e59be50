import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { writeStored } from '../../app/local-storage';
import { changeLanguage, i18n, isLanguage, LANGUAGE_STORAGE_KEY } from '../i18n/i18n';
import { themeSet } from '../theme/theme-slice';
import { useGetSettingsQuery, useUpdateSettingsMutation, type UserSettings } from './settings-api';

/** Shows a language at once and remembers it in this browser. */
export function applyLanguage(language: string): void {
  if (!isLanguage(language)) return;
  writeStored(LANGUAGE_STORAGE_KEY, language);
  if (i18n.language !== language) void changeLanguage(language);
}

/**
 * Theme and language follow the account: when a user's settings first arrive on a page (at
 * sign-in, on a new device), the server's choice replaces what this browser remembered. After
 * that, a theme toggled in the top bar is stored on the server as well.
 */
export function useAccountPreferences(userId: string | undefined) {
  const dispatch = useAppDispatch();
  const theme = useAppSelector((state) => state.theme.theme);
  const { data } = useGetSettingsQuery(undefined, { skip: !userId });
  const [update] = useUpdateSettingsMutation();
  const appliedFor = useRef<string | null>(null);
  const lastTheme = useRef(theme);

  useEffect(() => {
    if (!userId || !data || appliedFor.current === userId) return;
    appliedFor.current = userId;
    if (data.theme === 'dark' || data.theme === 'light') dispatch(themeSet(data.theme));
    if (data.language) applyLanguage(data.language);
  }, [data, dispatch, userId]);

  useEffect(() => {
    const changed = lastTheme.current !== theme;
    lastTheme.current = theme;
    if (!changed || !userId || appliedFor.current !== userId || !data || data.theme === theme) {
      return;
    }
    const next: Partial<UserSettings> = { ...data, theme };
    update(next)
      .unwrap()
      .catch((error: unknown) => console.error('Failed to store the theme', error));
  }, [data, theme, update, userId]);
}
