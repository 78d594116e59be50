import type { AggregateStatistics, SessionStatistics } from '@greetboard/contracts/wire';
import { apiSlice } from '../../app/api-slice';

/** The viewer's IANA time zone: the server counts days and hours in it. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const statisticsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getStatistics: build.query<AggregateStatistics, string>({
      query: (timeZone) => `/api/statistics?tz=${encodeURIComponent(timeZone)}`,
      keepUnusedDataFor: 0,
    }),
    getSessionStatistics: build.query<SessionStatistics, { sessionId: string; timeZone: string }>({
      query: ({ sessionId, timeZone }) =>
        `/api/statistics/sessions/${encodeURIComponent(sessionId)}?tz=${encodeURIComponent(timeZone)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetStatisticsQuery, useGetSessionStatisticsQuery } = statisticsApi;

/** Where a session's chatters download from, as CSV or JSON. */
export function exportUrl(sessionId: string, format: 'csv' | 'json'): string {
  return `/api/sessions/${encodeURIComponent(sessionId)}/export?format=${format}`;
}
