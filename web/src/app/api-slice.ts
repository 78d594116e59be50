import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The one RTK Query slice. Every feature injects its endpoints here (`injectEndpoints`),
 * so there is one cache, one middleware and one place that sends cookies.
 */
export const apiSlice = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '', credentials: 'include' }),
  tagTypes: ['Me', 'AppInfo', 'Sessions', 'Chatters', 'Settings'],
  endpoints: () => ({}),
});
