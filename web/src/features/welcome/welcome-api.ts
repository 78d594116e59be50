import type {
  RaidShoutoutDto,
  WelcomeMessageDto,
  WelcomeSettingsDto,
  WelcomeTemplates,
} from '@greetboard/contracts/wire';
import { apiSlice } from '../../app/api-slice';

/** How often the open panel reads the welcome messages' states (sent, held, dropped). */
export const WELCOME_MESSAGES_POLL_MS = 2_000;

export type WelcomeChanges = Partial<
  WelcomeTemplates & { enabled: boolean; shoutoutRaiders: boolean }
>;

const path = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}`;

/** A session's welcome in chat and shoutouts (ADR 0054). */
export const welcomeApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getWelcome: build.query<WelcomeSettingsDto, string>({
      query: (sessionId) => `${path(sessionId)}/welcome`,
    }),
    updateWelcome: build.mutation<WelcomeSettingsDto, { sessionId: string } & WelcomeChanges>({
      query: ({ sessionId, ...changes }) => ({
        url: `${path(sessionId)}/welcome`,
        method: 'PUT',
        body: changes,
      }),
      async onQueryStarted({ sessionId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(welcomeApi.util.upsertQueryData('getWelcome', sessionId, data));
        } catch {
          // The form shows the failure.
        }
      },
    }),
    getWelcomeMessages: build.query<WelcomeMessageDto[], string>({
      query: (sessionId) => `${path(sessionId)}/welcome/messages`,
    }),
    /** The automatic shoutouts of raiding channels, sent or refused with why. */
    getRaidShoutouts: build.query<RaidShoutoutDto[], string>({
      query: (sessionId) => `${path(sessionId)}/welcome/shoutouts`,
    }),
  }),
});

export const {
  useGetWelcomeQuery,
  useUpdateWelcomeMutation,
  useGetWelcomeMessagesQuery,
  useGetRaidShoutoutsQuery,
} = welcomeApi;
