import type { DeleteSessionResult, SessionDto } from '@greetboard/contracts/wire';
import { apiSlice } from '../../app/api-slice';
import { liveSocket } from '../live/live-socket';

export interface CreateSessionInput {
  name: string;
  keywords: string[];
}

function upsert(list: SessionDto[], session: SessionDto) {
  const index = list.findIndex((s) => s.id === session.id);
  if (index === -1) list.unshift(session);
  else list[index] = { ...list[index], ...session };
}

/** Applies a live event to the cached session list. */
export function applySessionEvent(list: SessionDto[], event: LiveEvent): void {
  switch (event.type) {
    case 'session_created':
    case 'session_started':
    case 'session_stopped':
    case 'session_updated':
      upsert(list, event.payload);
      return;
    case 'session_deleted': {
      const index = list.findIndex((s) => s.id === event.payload.id);
      if (index !== -1) list.splice(index, 1);
      return;
    }
    case 'new_chatter': {
      const session = list.find((s) => s.id === event.payload.sessionId);
      if (session) session._count = { chatters: session._count.chatters + 1 };
      return;
    }
    default:
      return;
  }
}

type LiveEvent = Parameters<Parameters<typeof liveSocket.subscribe>[0]>[0];

export const sessionsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSessions: build.query<SessionDto[], void>({
      query: () => '/api/sessions',
      providesTags: ['Sessions'],
      async onCacheEntryAdded(_arg, api) {
        try {
          await api.cacheDataLoaded;
        } catch {
          return;
        }
        const unsubscribe = liveSocket.subscribe((event) =>
          api.updateCachedData((draft) => applySessionEvent(draft, event)),
        );
        await api.cacheEntryRemoved;
        unsubscribe();
      },
    }),
    createSession: build.mutation<SessionDto, CreateSessionInput>({
      query: ({ name, keywords }) => ({
        url: '/api/sessions',
        method: 'POST',
        body: { name, keywords: JSON.stringify(keywords) },
      }),
      invalidatesTags: ['Sessions'],
    }),
    updateSession: build.mutation<SessionDto, { id: string } & Partial<SessionDto>>({
      query: ({ id, ...changes }) => ({
        url: `/api/sessions/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: changes,
      }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            sessionsApi.util.updateQueryData('getSessions', undefined, (draft) => {
              upsert(draft, data);
            }),
          );
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    deleteSession: build.mutation<DeleteSessionResult, string>({
      query: (id) => ({ url: `/api/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            sessionsApi.util.updateQueryData('getSessions', undefined, (draft) =>
              applySessionEvent(draft, { type: 'session_deleted', payload: { id, name: '' } }),
            ),
          );
        } catch {
          // The caller shows the failure.
        }
      },
    }),
  }),
});

export const {
  useGetSessionsQuery,
  useCreateSessionMutation,
  useUpdateSessionMutation,
  useDeleteSessionMutation,
} = sessionsApi;
