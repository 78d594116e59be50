import { z } from 'zod';
import { baseEnv, httpEnv, natsEnv, redisEnv, userLimitsEnv } from '@greetboard/config';

/** Sign-in, rate limits and the version label (see .env.example). */
export const gatewayAuthEnv = z.object({
  /** Requests per minute and client address to /auth/twitch and its callback. */
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Requests per minute and client address to /api/* and the rest of /auth/*. */
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** Express "trust proxy": hops of reverse proxies whose X-Forwarded-For is believed. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  /** The commit the build came from, shown in the footer. */
  GIT_COMMIT: z.string().max(64).default(''),
});

export const gatewayEnv = baseEnv.extend({
  ...natsEnv.shape,
  ...redisEnv.shape,
  ...httpEnv.shape,
  ...gatewayAuthEnv.shape,
  LIVE_SOCKETS_PER_USER: userLimitsEnv.shape.LIVE_SOCKETS_PER_USER,
});

export type GatewayConfig = z.infer<typeof gatewayEnv>;
