import type { ChatterDto, ServerMessage } from '@greetboard/contracts/wire';
import { isDraft, original } from '@reduxjs/toolkit';
import { apiSlice } from '../../app/api-slice';
import { liveSocket } from '../live/live-socket';

export interface GreetInput {
  chatterId: string;
  sessionId: string;
  isGreeted: boolean;
}

function byFirstSeen(a: ChatterDto, b: ChatterDto) {
  return Date.parse(a.firstSeenAt) - Date.parse(b.firstSeenAt);
}

/**
 * Searches the plain list under an Immer draft: touching every element of a draft creates a
 * proxy per chatter, which costs a long task on a 10,000-chatter session.
 */
function plain(list: ChatterDto[]): readonly ChatterDto[] {
  return (isDraft(list) ? original(list) : list) ?? list;
}

function indexOfChatter(list: ChatterDto[], id: string): number {
  return plain(list).findIndex((c) => c.id === id);
}

/** Where `chatter` goes to keep the list sorted by first seen (after equal times). */
function insertionIndex(list: ChatterDto[], chatter: ChatterDto): number {
  const base = plain(list);
  let low = 0;
  let high = base.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (byFirstSeen(base[middle], chatter) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Applies a live event to one session's cached chatters: a new chatter is added once and the
 * list stays sorted by first seen (oldest first); an update replaces the chatter.
 * Returns true when the event added a chatter that was not known yet.
 */
export function applyChatterEvent(
  list: ChatterDto[],
  sessionId: string,
  event: ServerMessage,
): boolean {
  if (event.type !== 'new_chatter' && event.type !== 'chatter_update') return false;
  const chatter = event.payload;
  if (chatter.sessionId !== sessionId) return false;
  const index = indexOfChatter(list, chatter.id);
  if (event.type === 'chatter_update') {
    if (index !== -1) list[index] = chatter;
    return false;
  }
  if (index !== -1) return false;
  list.splice(insertionIndex(list, chatter), 0, chatter);
  return true;
}

export const chattersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** The gateway answers the list sorted by first seen, oldest first (ties by id). */
    getChatters: build.query<ChatterDto[], string>({
      query: (sessionId) => `/api/sessions/${encodeURIComponent(sessionId)}/chatters`,
      providesTags: (_result, _error, sessionId) => [{ type: 'Chatters', id: sessionId }],
      async onCacheEntryAdded(sessionId, api) {
        try {
          await api.cacheDataLoaded;
        } catch {
          return;
        }
        // Chatter events that arrive together (a batch of chat lines, a raid greeted at once,
        // profile images) are applied in one cache update, so a 10,000-chatter list is copied
        // and rendered once per burst, not once per chatter. A timer task runs after the socket
        // messages already queued: a lone event waits no longer than that.
        let pending: ServerMessage[] = [];
        let flushing: ReturnType<typeof setTimeout> | undefined;
        const flush = () => {
          flushing = undefined;
          const events = pending;
          pending = [];
          api.updateCachedData((draft) => {
            for (const event of events) applyChatterEvent(draft, sessionId, event);
          });
        };
        const unsubscribe = liveSocket.subscribe((event) => {
          if (event.type !== 'new_chatter' && event.type !== 'chatter_update') return;
          pending.push(event);
          flushing ??= setTimeout(flush, 0);
        });
        await api.cacheEntryRemoved;
        unsubscribe();
        clearTimeout(flushing);
      },
    }),
    /** Optimistic: the toggle shows at once and rolls back when the server refuses. */
    greetChatter: build.mutation<ChatterDto, GreetInput>({
      query: ({ chatterId, isGreeted }) => ({
        url: `/api/chatters/${encodeURIComponent(chatterId)}/greet`,
        method: 'PUT',
        body: { isGreeted },
      }),
      async onQueryStarted({ chatterId, sessionId, isGreeted }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          chattersApi.util.updateQueryData('getChatters', sessionId, (draft) => {
            const chatter = draft[indexOfChatter(draft, chatterId)];
            if (!chatter) return;
            chatter.isGreeted = isGreeted;
            chatter.greetedAt = isGreeted ? new Date().toISOString() : null;
            if (!isGreeted) {
              chatter.greetedBy = null;
              chatter.greetedByUser = null;
            }
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            chattersApi.util.updateQueryData('getChatters', sessionId, (draft) => {
              const index = indexOfChatter(draft, chatterId);
              if (index !== -1) draft[index] = data;
            }),
          );
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetChattersQuery, useGreetChatterMutation } = chattersApi;
