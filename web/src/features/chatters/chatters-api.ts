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

/** Where `chatter` goes in `list` (sorted by first seen) to stay sorted: after equal times. */
function insertionIndex(list: readonly ChatterDto[], chatter: ChatterDto, from = 0): number {
  let low = from;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (byFirstSeen(list[middle], chatter) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Events in a batch up to which a search per event costs less than indexing the list. */
const SEARCHES_BEFORE_INDEX = 8;

/**
 * The list after live events that arrived together, as a new array; undefined when none of
 * them changes it. A new chatter is added once, in first-seen order (oldest first, after equal
 * times); an update replaces a known chatter, also one an earlier event of the batch added.
 * Events of other sessions are left out. A large batch (a round of profile images, a raid
 * greeted at once) indexes the list once instead of searching it per event.
 */
export function applyChatterEvents(
  list: readonly ChatterDto[],
  sessionId: string,
  events: readonly ServerMessage[],
): ChatterDto[] | undefined {
  let positions: Map<string, number> | undefined;
  const positionOf = (id: string): number | undefined => {
    if (events.length <= SEARCHES_BEFORE_INDEX) {
      const index = list.findIndex((c) => c.id === id);
      return index === -1 ? undefined : index;
    }
    positions ??= new Map(list.map((c, index) => [c.id, index]));
    return positions.get(id);
  };
  let updated: ChatterDto[] | undefined;
  const added = new Map<string, ChatterDto>();
  for (const event of events) {
    if (event.type !== 'new_chatter' && event.type !== 'chatter_update') continue;
    const chatter = event.payload;
    if (chatter.sessionId !== sessionId) continue;
    const index = positionOf(chatter.id);
    if (index !== undefined) {
      if (event.type === 'chatter_update') (updated ??= [...list])[index] = chatter;
    } else if (event.type === 'new_chatter' ? !added.has(chatter.id) : added.has(chatter.id)) {
      added.set(chatter.id, chatter);
    }
  }
  if (added.size === 0) return updated;
  const base = updated ?? list;
  const next: ChatterDto[] = [];
  let from = 0;
  for (const chatter of [...added.values()].sort(byFirstSeen)) {
    const at = insertionIndex(base, chatter, from);
    for (let index = from; index < at; index++) next.push(base[index]);
    next.push(chatter);
    from = at;
  }
  for (let index = from; index < base.length; index++) next.push(base[index]);
  return next;
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
          // Computed on the plain list and handed to Immer whole: no proxy per chatter.
          api.updateCachedData((draft) => applyChatterEvents(plain(draft), sessionId, events));
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
