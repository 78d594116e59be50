import type { UserDto } from '@greetboard/contracts';
import { apiSlice } from '../../app/api-slice';

function asUser(data: unknown): UserDto | null {
  if (typeof data !== 'object' || data === null) return null;
  const wrapped = (data as { user?: unknown }).user;
  const candidate = (wrapped ?? data) as Partial<UserDto>;
  return typeof candidate.id === 'string' && typeof candidate.username === 'string'
    ? (candidate as UserDto)
    : null;
}

export const authApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The signed-in user, or null when signed out or the check fails. `optional` makes a
     * visitor a 200 `{ user: null }`, not a 401 that the browser logs as an error.
     */
    getMe: build.query<UserDto | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/auth/me?optional=true');
        return { data: result.error ? null : asUser(result.data) };
      },
      providesTags: ['Me'],
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    /** Ends every login session of the user: every browser and OBS overlay signs out. */
    logoutEverywhere: build.mutation<null, void>({
      query: () => ({ url: '/auth/logout-everywhere', method: 'POST' }),
    }),
  }),
});

export const { useGetMeQuery, useLogoutMutation, useLogoutEverywhereMutation } = authApi;
