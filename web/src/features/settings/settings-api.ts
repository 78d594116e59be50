import { apiSlice } from '../../app/api-slice';
import { parseKeywords } from '../sessions/keywords';

/** The spec's user settings (section 3). */
export interface UserSettings {
  soundNotifications: boolean;
  autoStartSessions: boolean;
  obsMode: boolean;
  announceSessionStatus: boolean;
  theme: 'dark' | 'light';
  /** Serialised list of strings. */
  defaultKeywords: string | string[];
  language: string;
}

export function defaultKeywordsOf(settings: Partial<UserSettings> | undefined): string[] {
  const value = settings?.defaultKeywords;
  return Array.isArray(value) ? value.filter((k) => typeof k === 'string') : parseKeywords(value);
}

export const settingsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<Partial<UserSettings>, void>({
      query: () => '/api/settings',
      transformResponse: (data: unknown): Partial<UserSettings> =>
        (data as { settings?: Partial<UserSettings> } | null)?.settings ??
        (data as Partial<UserSettings> | null) ??
        {},
      providesTags: ['Settings'],
    }),
  }),
});

export const { useGetSettingsQuery } = settingsApi;
