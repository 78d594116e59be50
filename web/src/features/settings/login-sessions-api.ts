import type { LoginSessionDto } from '@greetboard/contracts/wire';
import { apiSlice } from '../../app/api-slice';

const withLoginSessionTags = apiSlice.enhanceEndpoints({ addTagTypes: ['LoginSessions'] });

/** The settings' signed-in browsers (ADR 0046): the user's login sessions, each one endable. */
export const loginSessionsApi = withLoginSessionTags.injectEndpoints({
  endpoints: (build) => ({
    getLoginSessions: build.query<LoginSessionDto[], void>({
      query: () => '/api/login-sessions',
      providesTags: ['LoginSessions'],
    }),
    /** Ends one; `current` when it was this browser's, which is then signed out. */
    endLoginSession: build.mutation<{ success: true; current: boolean }, string>({
      query: (id) => ({ url: `/api/login-sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['LoginSessions'],
    }),
  }),
});

export const { useGetLoginSessionsQuery, useEndLoginSessionMutation } = loginSessionsApi;
