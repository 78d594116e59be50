import type { RaidSettingsDto } from '@greetboard/contracts/wire';
import { apiSlice } from '../../app/api-slice';

/** The signed-in user's raid settings (ADR 0053); only the settings screen asks for them. */
export const raidSettingsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getRaidSettings: build.query<RaidSettingsDto, void>({
      query: () => '/api/settings/raids',
    }),
    updateRaidSettings: build.mutation<RaidSettingsDto, RaidSettingsDto>({
      query: (body) => ({ url: '/api/settings/raids', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          void dispatch(raidSettingsApi.util.upsertQueryData('getRaidSettings', undefined, data));
      },
    }),
  }),
});

export const { useGetRaidSettingsQuery, useUpdateRaidSettingsMutation } = raidSettingsApi;
