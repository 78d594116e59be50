import { z } from 'zod';
import { baseEnv, httpEnv, natsEnv, redisEnv, userLimitsEnv } from '@greetboard/config';

/** Twitch's CDN for emote images. */
export const DEFAULT_EMOTE_URL_TEMPLATE =
  'https://static-cdn.jtvnw.net/emoticons/v2/{id}/default/{theme}/1.0';

/** Sign-in, rate limits and the version label (see .env.example). */
export const gatewayAuthEnv = z.object({
  /** Requests per minute and client address to /auth/twitch and its callback. */
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Requests per minute and client address to /api/* and the rest of /auth/*. */
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** Live sockets one overlay link may hold open; they never count against the owner's. */
  LIVE_SOCKETS_PER_OVERLAY_LINK: z.coerce.number().int().positive().default(10),
  /** Live messages one user may send per 10 seconds, across all their sockets. */
  LIVE_MESSAGES_PER_USER: z.coerce.number().int().positive().default(60),
  /** Express "trust proxy": hops of reverse proxies whose X-Forwarded-For is believed. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  /** The commit the build came from, shown in the footer. */
  GIT_COMMIT: z.string().max(64).default(''),
  /**
   * Where the screens load emote images: `{id}` is the emote id, `{theme}` light or dark.
   * Twitch's CDN by default; the emulator's in demo mode.
   */
  TWITCH_EMOTE_URL_TEMPLATE: z
    .string()
    .refine(
      (value) =>
        value.includes('{id}') &&
        URL.canParse(value.replaceAll('{id}', '1').replaceAll('{theme}', 'dark')) &&
        /^https?:$/.test(new URL(value.replaceAll('{id}', '1')).protocol),
      { error: 'must be an http(s) URL containing {id} (and optionally {theme})' },
    )
    .default(DEFAULT_EMOTE_URL_TEMPLATE),
});

export const gatewayEnv = baseEnv.extend({
  ...natsEnv.shape,
  ...redisEnv.shape,
  ...httpEnv.shape,
  ...gatewayAuthEnv.shape,
  LIVE_SOCKETS_PER_USER: userLimitsEnv.shape.LIVE_SOCKETS_PER_USER,
});

export type GatewayConfig = z.infer<typeof gatewayEnv>;
