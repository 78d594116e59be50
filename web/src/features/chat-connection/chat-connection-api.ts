import type { ChatConnection } from '@greetboard/contracts/wire';
import { apiSlice } from '../../app/api-slice';
import { liveSocket } from '../live/live-socket';

/**
 * Whether a running session's Twitch chat is being read (ADR 0042): read on load and after
 * every reconnect, kept current by `chat_connection` messages, and read again at
 * CHAT_CONNECTION_POLL_MS, since a channel no chat-ingest replica holds has nobody to
 * announce it.
 */
export const CHAT_CONNECTION_POLL_MS = 20_000;

export const chatConnectionApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getChatConnection: build.query<ChatConnection, string>({
      query: (sessionId) => `/api/sessions/${encodeURIComponent(sessionId)}/chat-connection`,
      providesTags: ['ChatConnection'],
      async onCacheEntryAdded(sessionId, api) {
        try {
          await api.cacheDataLoaded;
        } catch {
          return;
        }
        const unsubscribe = liveSocket.subscribe((event) => {
          if (event.type === 'chat_connection' && event.payload.sessionId === sessionId) {
            api.updateCachedData(() => event.payload);
          }
        });
        await api.cacheEntryRemoved;
        unsubscribe();
      },
    }),
  }),
});

export const { useGetChatConnectionQuery } = chatConnectionApi;
