import type { MeAnswer, OverlayAccess, OverlayLinkLook, UserDto } from '@greetboard/contracts/wire';

/** The signed-in user; through an overlay link, with what the link may do and its look. */
export type Me = UserDto & { overlayAccess?: OverlayAccess; overlayLook?: OverlayLinkLook };
import { serverErrorCode } from '../../app/api-errors';
import { apiSlice } from '../../app/api-slice';
import { forgetSignedOut, rememberSignedOut } from './signed-out-reason';

/** The user of a `/auth/me` answer; a visitor's answer is `{ user: null }`. */
function userOf(answer: MeAnswer): Me | null {
  return 'user' in answer ? null : answer;
}

export const authApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The signed-in user, or null when signed out or the check fails. `optional` makes a
     * visitor a 200 `{ user: null }`, not a 401 that the browser logs as an error. A browser
     * Greetboard signed out because Twitch revoked its access hears why, once (ADR 0044):
     * the sign-in page keeps showing it until the user signs in again.
     */
    getMe: build.query<Me | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/auth/me?optional=true');
        if (result.error) {
          if (serverErrorCode(result.error) === 'TWITCH_AUTHORIZATION_REVOKED') {
            rememberSignedOut('twitch-revoked');
          }
          return { data: null };
        }
        const user = userOf(result.data as MeAnswer);
        if (user && !user.overlayAccess) forgetSignedOut();
        return { data: user };
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
