import type { ChatterDto, ChatterView, ServerMessage } from '@greetboard/contracts/wire';
import { isDraft, original } from '@reduxjs/toolkit';
import { apiSlice } from '../../app/api-slice';
import { useAppSelector } from '../../app/hooks';
import { liveSocket } from '../live/live-socket';
import {
  forgetSettling,
  settleGreetedElsewhere,
  settleGreetedHere,
  settleTime,
} from './settling-rows';

/** How a screen asks for one page of a session's chatters (ADR 0050). */
export interface ChatterPageArgs {
  sessionId: string;
  order: 'oldest' | 'newest' | 'next';
  offset: number;
  /** 1–100: the screens' page sizes, or the overlay's rows. */
  limit: number;
  hideGreeted: boolean;
  hideModerated: boolean;
  search: string;
}

/** The longest search the server takes; a longer one is cut, not refused. */
export const MAX_SEARCH_LENGTH = 50;
/**
 * Refetches of a page caused by live events: at most one a second, so that a busy stream
 * keeps every screen of an address well within the API's rate limit.
 */
export const PAGE_REFETCH_INTERVAL_MS = 1000;
/**
 * Greet changes made here, counted into the cached pages already (`was` → `is`): the live
 * update that echoes one changes no count again, and the raids count it once.
 */
export interface GreetChange {
  was: boolean;
  is: boolean;
  at: number;
  raidCounted?: boolean;
}
export const greetChanges = new Map<string, GreetChange>();
const GREET_CHANGE_TTL_MS = 10_000;

/** The change made here to a chatter's greeting a moment ago that `chatter` echoes, if any. */
export function echoedGreetChange(chatter: Pick<ChatterDto, 'id' | 'isGreeted'>) {
  const change = greetChanges.get(chatter.id);
  if (!change) return undefined;
  if (Date.now() - change.at > GREET_CHANGE_TTL_MS) {
    greetChanges.delete(chatter.id);
    return undefined;
  }
  return change.is === chatter.isGreeted ? change : undefined;
}

const isPending = (chatter: Pick<ChatterDto, 'isGreeted' | 'moderation'>) =>
  !chatter.isGreeted && !chatter.moderation;

/**
 * Puts changed chatters into a page in place, adjusting the session's counts for those on it
 * whose greet or moderation changed; answers whether any was on the page.
 */
export function patchChatterView(view: ChatterView, changed: readonly ChatterDto[]): boolean {
  let found = false;
  for (const chatter of changed) {
    const index = view.chatters.findIndex((row) => row.id === chatter.id);
    if (index === -1) continue;
    found = true;
    const before = view.chatters[index];
    if (before.isGreeted !== chatter.isGreeted) view.greeted += chatter.isGreeted ? 1 : -1;
    if (isPending(before) !== isPending(chatter)) view.pending += isPending(chatter) ? 1 : -1;
    view.chatters[index] = chatter;
  }
  return found;
}

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

/** The page entries in the cache for a session, to patch them all at once. */
function cachedPages(state: unknown, sessionId: string): ChatterPageArgs[] {
  return chattersApi.util
    .selectCachedArgsForQuery(state as never, 'getChatterPage')
    .filter((args) => args.sessionId === sessionId);
}

/** Puts changed chatters into every cached page of their session. */
export function patchChatterPages(
  dispatch: (action: unknown) => unknown,
  state: unknown,
  sessionId: string,
  changed: readonly ChatterDto[],
) {
  return cachedPages(state, sessionId).map(
    (args) =>
      dispatch(
        chattersApi.util.updateQueryData('getChatterPage', args, (draft) => {
          patchChatterView(draft, changed);
        }),
      ) as { undo: () => void },
  );
}

export const chattersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /**
     * One page of a session's chatters as a screen shows it, with the session's counts
     * (ADR 0050). Live events change a chatter on the page in place (with the counts), count
     * a new chatter in, and mark the page stale only when its rows or counts may have changed
     * beyond that: it is then refetched at most once a second, and a page showing a chatter
     * greeted here a moment ago only once that row has settled.
     */
    getChatterPage: build.query<ChatterView, ChatterPageArgs>({
      query: ({ sessionId, order, offset, limit, hideGreeted, hideModerated, search }) => ({
        url: `/api/sessions/${encodeURIComponent(sessionId)}/chatters/page`,
        params: {
          order,
          offset,
          limit,
          hideGreeted: String(hideGreeted),
          hideModerated: String(hideModerated),
          ...(search ? { search: search.slice(0, MAX_SEARCH_LENGTH) } : {}),
        },
      }),
      providesTags: (_result, _error, { sessionId }) => [{ type: 'ChatterPage', id: sessionId }],
      async onCacheEntryAdded(args, api) {
        try {
          await api.cacheDataLoaded;
        } catch {
          return;
        }
        let timer: ReturnType<typeof setTimeout> | undefined;
        let due = 0;
        let lastRefetch = 0;
        const refetch = () => {
          timer = undefined;
          lastRefetch = Date.now();
          void api.dispatch(
            chattersApi.endpoints.getChatterPage.initiate(args, {
              subscribe: false,
              forceRefetch: true,
            }),
          );
        };
        const markStale = () => {
          const shown = (api.getCacheEntry().data?.chatters ?? []).map((row) => row.id);
          const at = Math.max(
            Date.now(),
            lastRefetch + PAGE_REFETCH_INTERVAL_MS,
            settleTime(shown),
          );
          if (timer !== undefined && at <= due) return;
          clearTimeout(timer);
          due = at;
          timer = setTimeout(refetch, at - Date.now());
        };
        // What changes which rows a page holds: a greet when the greeted are hidden or go last,
        // a ban or time-out when those are hidden.
        const reorders = (before: ChatterDto, after: ChatterDto) =>
          (before.isGreeted !== after.isGreeted && (args.hideGreeted || args.order === 'next')) ||
          (Boolean(before.moderation) !== Boolean(after.moderation) && args.hideModerated);
        const unsubscribe = liveSocket.subscribe((event) => {
          if (event.type !== 'new_chatter' && event.type !== 'chatter_update') return;
          const chatter = event.payload;
          if (chatter.sessionId !== args.sessionId) return;
          let stale = false;
          let elsewhere = false;
          api.updateCachedData((draft) => {
            const before = draft.chatters.find((row) => row.id === chatter.id);
            if (before) {
              stale = reorders(before, chatter);
              elsewhere = !before.isGreeted && chatter.isGreeted && !echoedGreetChange(chatter);
              patchChatterView(draft, [chatter]);
            } else if (event.type === 'chatter_update') {
              // Off the page: the counts may have changed, unless it echoes a greet made here.
              stale = !echoedGreetChange(chatter);
            } else {
              const wasLastPage = draft.offset + draft.chatters.length >= draft.matching;
              draft.total += 1;
              if (isPending(chatter)) draft.pending += 1;
              if (chatter.isGreeted) draft.greeted += 1;
              // A new chatter matches no search for sure, and lands on the first page of the
              // newest first or at the end of the others.
              if (args.search !== '') stale = true;
              else if (args.order === 'newest' ? args.offset === 0 : wasLastPage) stale = true;
              else if (args.order === 'next' && draft.chatters.some((row) => row.isGreeted))
                stale = true;
              else draft.matching += 1;
            }
          });
          // Greeted on another screen: the row keeps its place a moment, with its greeter.
          if (elsewhere) settleGreetedElsewhere(chatter);
          if (stale) markStale();
        });
        await api.cacheEntryRemoved;
        unsubscribe();
        clearTimeout(timer);
      },
    }),
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
      async onQueryStarted({ chatterId, sessionId, isGreeted }, api) {
        const { dispatch, queryFulfilled } = api;
        const getState = () => api.getState();
        if (isGreeted) settleGreetedHere(chatterId);
        else forgetSettling(chatterId);
        // The chatter as a cached page holds it: its greet state before, for the counts of
        // every page of the session (they count the whole session).
        const pages = cachedPages(getState(), sessionId);
        const before = pages
          .map((args) => chattersApi.endpoints.getChatterPage.select(args)(getState() as never))
          .flatMap((entry) => entry.data?.chatters ?? [])
          .find((row) => row.id === chatterId);
        const after = before && {
          ...before,
          isGreeted,
          greetedAt: isGreeted ? new Date().toISOString() : null,
          ...(isGreeted ? {} : { greetedBy: null, greetedByUser: null }),
        };
        if (before && after && before.isGreeted !== isGreeted)
          greetChanges.set(chatterId, { was: before.isGreeted, is: isGreeted, at: Date.now() });
        const pagePatches = pages.map((args) =>
          dispatch(
            chattersApi.util.updateQueryData('getChatterPage', args, (draft) => {
              if (!before || !after) return;
              if (patchChatterView(draft, [after]) || before.isGreeted === isGreeted) return;
              draft.greeted += isGreeted ? 1 : -1;
              if (isPending(before) !== isPending(after))
                draft.pending += isPending(after) ? 1 : -1;
            }),
          ),
        );
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
          patchChatterPages(dispatch, getState(), sessionId, [data]);
        } catch {
          patch.undo();
          pagePatches.forEach((pagePatch) => pagePatch.undo());
          greetChanges.delete(chatterId);
        }
      },
    }),
  }),
});

export const { useGetChattersQuery, useGetChatterPageQuery, useGreetChatterMutation } = chattersApi;

/**
 * The session's counts from any of its cached pages (each counts the whole session), so a
 * screen's stat cards need no request of their own.
 */
export function selectChatterCounts(state: unknown, sessionId: string | null | undefined) {
  if (!sessionId) return undefined;
  for (const args of cachedPages(state, sessionId)) {
    const data = chattersApi.endpoints.getChatterPage.select(args)(state as never).data;
    if (data) return data;
  }
  return undefined;
}

/** The smallest page: what a screen asks for when it needs only the session's counts. */
export const countsPage = (sessionId: string): ChatterPageArgs => ({
  sessionId,
  order: 'oldest',
  offset: 0,
  limit: 1,
  hideGreeted: false,
  hideModerated: false,
  search: '',
});

/** The session's counts: those of a page on screen, else read with the smallest page. */
export function useChatterCounts(sessionId: string | null | undefined) {
  const cached = useAppSelector((state) => selectChatterCounts(state, sessionId));
  const own = useGetChatterPageQuery(countsPage(sessionId ?? ''), {
    skip: !sessionId || cached !== undefined,
  });
  return { data: cached ?? own.data, isError: own.isError };
}
