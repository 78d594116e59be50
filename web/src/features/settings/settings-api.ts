import { apiSlice } from '../../app/api-slice';

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

/**
 * The default keywords as a list; malformed counts as none. (Parsed here rather than with the
 * sessions feature's parser, which would pull that feature into every page's first load.)
 */
export function defaultKeywordsOf(settings: Partial<UserSettings> | undefined): string[] {
  let value: unknown = settings?.defaultKeywords;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];
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
