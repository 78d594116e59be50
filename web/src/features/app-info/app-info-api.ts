import type { AppInfoDto } from '@greetboard/contracts/wire';
import { apiSlice } from '../../app/api-slice';

export const DEFAULT_VERSION = '1.0.0';

/** "1.0.0 (abc1234)": the version, plus the first 7 characters of the commit when present. */
export function versionLabel(info: Partial<AppInfoDto> | undefined): string {
  const version = info?.version || DEFAULT_VERSION;
  const commit = info?.commit?.trim();
  return commit ? `${version} (${commit.slice(0, 7)})` : version;
}

export const appInfoApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getAppInfo: build.query<AppInfoDto, void>({
      query: () => '/api/app-info',
      providesTags: ['AppInfo'],
    }),
  }),
});

export const { useGetAppInfoQuery } = appInfoApi;
