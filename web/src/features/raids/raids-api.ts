import type { ChatterDto, RaidDto, RaidGreetResult } from '@greetboard/contracts/wire';
import { apiSlice } from '../../app/api-slice';
import {
  echoedGreetChange,
  patchChatterPages,
  PAGE_REFETCH_INTERVAL_MS,
} from '../chatters/chatters-api';
import { liveSocket } from '../live/live-socket';

export interface RaidInput {
  sessionId: string;
  raidId: string;
}

/** How long raiders stay quiet before the raids are read once more to settle their counts. */
const RAIDERS_QUIET_MS = 1_500;

const raidPath = ({ sessionId, raidId }: RaidInput) =>
  `/api/sessions/${encodeURIComponent(sessionId)}/raids/${encodeURIComponent(raidId)}`;

/**
 * Puts the chatters a group greet changed into the session's cached pages at once, and the
 * change of the raid's greeted count into its cached raids; the live events that follow
 * refetch what is not on a page.
 */
function applyChatters(
  { dispatch, getState }: { dispatch: (action: unknown) => unknown; getState: () => unknown },
  { sessionId, raidId }: RaidInput,
  chatters: ChatterDto[],
  greeted: boolean,
) {
  patchChatterPages(dispatch, getState(), sessionId, chatters);
  dispatch(
    raidsApi.util.updateQueryData('getRaids', sessionId, (draft) => {
      const raid = draft.find((known) => known.id === raidId);
      if (!raid) return;
      const count = raid.greetedCount + (greeted ? chatters.length : -chatters.length);
      raid.greetedCount = Math.min(raid.raiderCount, Math.max(0, count));
    }),
  );
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
        // A raider greeted or arriving changes a raid's counts: a greet made here counts in
        // once; anything else has the raids read again, at most once a second. A read still
        // under way when a greet's echo is counted can answer the count from before that greet,
        // so the raids are also read once more when raiders have been quiet for a moment: the
        // count then settles on the server's, without a read per greet during a run.
        let timer: ReturnType<typeof setTimeout> | undefined;
        let settleTimer: ReturnType<typeof setTimeout> | undefined;
        const refetch = () => {
          timer = undefined;
          void api.dispatch(
            raidsApi.endpoints.getRaids.initiate(sessionId, {
              subscribe: false,
              forceRefetch: true,
            }),
          );
        };
        const settle = () => {
          clearTimeout(settleTimer);
          settleTimer = setTimeout(() => {
            settleTimer = undefined;
            refetch();
          }, RAIDERS_QUIET_MS);
        };
        const unsubscribe = liveSocket.subscribe((event) => {
          if (event.type === 'new_chatter' || event.type === 'chatter_update') {
            const { sessionId: of, raidId } = event.payload;
            if (of !== sessionId || !raidId) return;
            settle();
            const change = event.type === 'chatter_update' && echoedGreetChange(event.payload);
            if (!change) {
              timer ??= setTimeout(refetch, PAGE_REFETCH_INTERVAL_MS);
              return;
            }
            if (change.raidCounted || change.was === change.is) return;
            change.raidCounted = true;
            api.updateCachedData((draft) => {
              const raid = draft.find((known) => known.id === raidId);
              if (raid) raid.greetedCount += change.is ? 1 : -1;
            });
            return;
          }
          if (event.type !== 'raid' || event.payload.sessionId !== sessionId) return;
          const raid = event.payload;
          api.updateCachedData((draft) => {
            if (!draft.some((known) => known.id === raid.id)) draft.unshift(raid);
          });
        });
        await api.cacheEntryRemoved;
        unsubscribe();
        clearTimeout(timer);
        clearTimeout(settleTimer);
      },
    }),
    /**
     * The raid's raiders not greeted yet, read afresh each time 'greet all raiders' opens: the
     * list it shows and then greets (ADR 0053).
     */
    getPendingRaiders: build.query<ChatterDto[], RaidInput>({
      query: (input) => `${raidPath(input)}/raiders`,
      keepUnusedDataFor: 0,
    }),
    /** 'Greet all raiders': greets those shown that are still ungreeted raiders, answers those. */
    greetRaiders: build.mutation<RaidGreetResult, RaidInput & { chatterIds: string[] }>({
      query: ({ chatterIds, ...input }) => ({
        url: `${raidPath(input)}/greet`,
        method: 'POST',
        body: { chatterIds },
      }),
      async onQueryStarted({ sessionId, raidId }, api) {
        const { data } = await api.queryFulfilled.catch(() => ({ data: undefined }));
        if (data) applyChatters(api, { sessionId, raidId }, data.chatters, true);
      },
    }),
    /** The undo of 'greet all raiders': un-greets exactly the chatters it greeted. */
    ungreetRaiders: build.mutation<RaidGreetResult, RaidInput & { chatterIds: string[] }>({
      query: ({ chatterIds, ...input }) => ({
        url: `${raidPath(input)}/ungreet`,
        method: 'POST',
        body: { chatterIds },
      }),
      async onQueryStarted({ sessionId, raidId }, api) {
        const { data } = await api.queryFulfilled.catch(() => ({ data: undefined }));
        if (data) applyChatters(api, { sessionId, raidId }, data.chatters, false);
      },
    }),
  }),
});

export const {
  useGetRaidsQuery,
  useGetPendingRaidersQuery,
  useGreetRaidersMutation,
  useUngreetRaidersMutation,
} = raidsApi;
