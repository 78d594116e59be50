import type { ChatterCardDto } from '@greetboard/contracts/wire';
import { apiSlice } from '../../../app/api-slice';

/** What a chatter's card asks the server (ADR 0055). */
export const chatterCardApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** The chatter with the latest line's Twitch badges and the account's creation time. */
    getChatterCard: build.query<ChatterCardDto, { sessionId: string; chatterId: string }>({
      query: ({ sessionId, chatterId }) =>
        `/api/sessions/${encodeURIComponent(sessionId)}/chatters/${encodeURIComponent(chatterId)}`,
    }),
    /** A Twitch shoutout for the chatter: 200 `{ success: true }`, or an error with its domain code. */
    shoutout: build.mutation<void, { sessionId: string; twitchId: string }>({
      query: ({ sessionId, twitchId }) => ({
        url: `/api/sessions/${encodeURIComponent(sessionId)}/shoutouts`,
        method: 'POST',
        body: { twitchId },
      }),
    }),
  }),
});

export const { useGetChatterCardQuery, useShoutoutMutation } = chatterCardApi;
