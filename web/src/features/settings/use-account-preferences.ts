import type { UserSettingsDto } from '@greetboard/contracts/wire';
import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { readStored, writeStored } from '../../app/local-storage';
import {
  changeLanguage,
  DEFAULT_LANGUAGE,
  i18n,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
} from '../i18n/i18n';
import { DEFAULT_THEME, themeSet } from '../theme/theme-slice';
import { useGetSettingsQuery } from './settings-api';

/** Shows a language at once (once its texts have loaded) and remembers it in this browser. */
export async function applyLanguage(language: string): Promise<void> {
  if (!isLanguage(language)) return;
  writeStored(LANGUAGE_STORAGE_KEY, language);
  if (i18n.language !== language) await changeLanguage(language);
}

type Preferences = Pick<UserSettingsDto, 'theme' | 'language'>;

/** What this browser last saw of a user's server-side theme and language. */
const seenKey = (userId: string) => `accountPreferences:${userId}`;

function readSeen(userId: string): Partial<Preferences> | null {
  try {
    return JSON.parse(readStored(seenKey(userId)) ?? 'null') as Partial<Preferences> | null;
  } catch {
    return null;
  }
}

/**
 * Whether the server's value should replace this browser's. It should when it changed since
 * this browser last looked (chosen on another device); on a browser that never saw this
 * user's settings, when it is a real choice rather than the default (a new device at sign-in
 * takes the account's language, while a browser's own choice survives an account that never
 * made one).
 */
export function serverValueWins<T>(server: T | undefined, seen: T | undefined, fallback: T) {
  if (server === undefined) return false;
  return seen === undefined ? server !== fallback : server !== seen;
}

/**
 * Theme and language follow the account: when a user's settings arrive on a page (after
 * /auth/me), a choice made on another device replaces this browser's.
 */
export function useAccountPreferences(userId: string | undefined) {
  const dispatch = useAppDispatch();
  const { data } = useGetSettingsQuery(undefined, { skip: !userId });
  const appliedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!userId || !data || appliedFor.current === userId) return;
    appliedFor.current = userId;
    const seen = readSeen(userId);
    const { theme, language } = data;
    if (
      (theme === 'dark' || theme === 'light') &&
      serverValueWins(theme, seen?.theme, DEFAULT_THEME)
    ) {
      dispatch(themeSet(theme));
    }
    if (language && serverValueWins(language, seen?.language, DEFAULT_LANGUAGE)) {
      void applyLanguage(language);
    }
    writeStored(seenKey(userId), JSON.stringify({ theme, language }));
  }, [data, dispatch, userId]);
}
