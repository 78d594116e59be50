import type { UserSettingsDto } from '@greetboard/contracts/wire';
import { apiSlice } from '../../app/api-slice';

/**
 * The default keywords as a list; malformed counts as none. (Parsed here rather than with the
 * sessions feature's parser, which would pull that feature into every page's first load.)
 */
export function defaultKeywordsOf(settings: Pick<UserSettingsDto, 'defaultKeywords'> | undefined) {
  if (!settings) return [];
  let value: unknown;
  try {
    value = JSON.parse(settings.defaultKeywords);
  } catch {
    return [];
  }
  return Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : [];
}

export const settingsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** The stored settings, or the defaults for a user who never changed one: always complete. */
    getSettings: build.query<UserSettingsDto, void>({
      query: () => '/api/settings',
      providesTags: ['Settings'],
    }),
  }),
});

export const { useGetSettingsQuery } = settingsApi;
