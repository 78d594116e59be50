import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { overlayLinkToken } from './overlay-link';

/**
 * The one RTK Query slice. Every feature injects its endpoints here (`injectEndpoints`),
 * so there is one cache, one middleware and one place that sends cookies (or an overlay
 * link's token).
 */
export const apiSlice = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '',
    credentials: 'include',
    prepareHeaders: (headers) => {
      if (overlayLinkToken) headers.set('Authorization', `Bearer ${overlayLinkToken}`);
      return headers;
    },
  }),
  tagTypes: ['Me', 'AppInfo', 'Sessions', 'Chatters', 'ChatterPage', 'Settings', 'ChatConnection'],
  endpoints: () => ({}),
});
