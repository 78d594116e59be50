import type { ChatterDto, RaidDto, RaidGreetResult } from '@greetboard/contracts/wire';
import { apiSlice } from '../../app/api-slice';
import { chattersApi } from '../chatters/chatters-api';
import { liveSocket } from '../live/live-socket';

export interface RaidInput {
  sessionId: string;
  raidId: string;
}

const raidPath = ({ sessionId, raidId }: RaidInput) =>
  `/api/sessions/${encodeURIComponent(sessionId)}/raids/${encodeURIComponent(raidId)}`;

/** Puts the chatters a group greet changed into the session's cached list at once. */
function applyChatters(sessionId: string, chatters: ChatterDto[]) {
  const byId = new Map(chatters.map((chatter) => [chatter.id, chatter]));
  return chattersApi.util.updateQueryData('getChatters', sessionId, (draft) => {
    draft.forEach((chatter, index) => {
      const changed = byId.get(chatter.id);
      if (changed) draft[index] = changed;
    });
  });
}

export const raidsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** The session's raids, newest first; a `raid` live message puts a new one in front. */
    getRaids: build.query<RaidDto[], string>({
      query: (sessionId) => `/api/sessions/${encodeURIComponent(sessionId)}/raids`,
      async onCacheEntryAdded(sessionId, api) {
        try {
          await api.cacheDataLoaded;
        } catch {
          return;
        }
        const unsubscribe = liveSocket.subscribe((event) => {
          if (event.type !== 'raid' || event.payload.sessionId !== sessionId) return;
          const raid = event.payload;
          api.updateCachedData((draft) => {
            if (!draft.some((known) => known.id === raid.id)) draft.unshift(raid);
          });
        });
        await api.cacheEntryRemoved;
        unsubscribe();
      },
    }),
    /** 'Greet all raiders': greets the raid's ungreeted raiders, answers exactly those. */
    greetRaiders: build.mutation<RaidGreetResult, RaidInput>({
      query: (input) => ({ url: `${raidPath(input)}/greet`, method: 'POST' }),
      async onQueryStarted({ sessionId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(applyChatters(sessionId, data.chatters));
      },
    }),
    /** The undo of 'greet all raiders': un-greets exactly the chatters it greeted. */
    ungreetRaiders: build.mutation<RaidGreetResult, RaidInput & { chatterIds: string[] }>({
      query: ({ chatterIds, ...input }) => ({
        url: `${raidPath(input)}/ungreet`,
        method: 'POST',
        body: { chatterIds },
      }),
      async onQueryStarted({ sessionId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(applyChatters(sessionId, data.chatters));
      },
    }),
  }),
});

export const { useGetRaidsQuery, useGreetRaidersMutation, useUngreetRaidersMutation } = raidsApi;
