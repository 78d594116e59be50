import { z } from 'zod';

/** The chatter profile image job (ADR 0033); see .env.example. */
export const chatterProfilesEnv = z.object({
  /** How often the job looks for chatters without an image. */
  CHATTER_PROFILES_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  /** How old a cached profile image may get before Helix is asked again. */
  CHATTER_PROFILES_REFRESH_HOURS: z.coerce.number().positive().default(24),
  /** The pause after a failed Helix call (Twitch down or rate limited). */
  CHATTER_PROFILES_RETRY_MS: z.coerce.number().int().min(100).default(60_000),
});

export type ChatterProfilesConfig = z.infer<typeof chatterProfilesEnv>;

/** Welcome messages in chat (ADR 0054); see .env.example. */
export const welcomeEnv = z.object({
  /** Send Chat Message's rate per streamer: Twitch allows the broadcaster 100 per 30 s. */
  WELCOME_MESSAGES_PER_30S: z.coerce.number().int().min(1).max(100).default(100),
});

export type WelcomeConfig = z.infer<typeof welcomeEnv>;
