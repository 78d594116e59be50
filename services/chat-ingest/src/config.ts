import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { baseEnv, chatBatchEnv, natsEnv, redisEnv, urlWithProtocol } from '@greetboard/config';

export const chatIngestEnv = baseEnv.extend({
  ...natsEnv.shape,
  ...redisEnv.shape,
  ...chatBatchEnv.shape,
  /** Twitch chat over WebSocket; the emulator's ws:// URL in demo mode and tests. */
  TWITCH_IRC_URL: urlWithProtocol(['wss:', 'ws:']).default('wss://irc-ws.chat.twitch.tv:443'),
  /** This replica's name in leases; unique per process. */
  CHAT_INGEST_REPLICA_ID: z
    .string()
    .regex(/^[\w.-]{1,100}$/)
    .default(`${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`),
  /** Twitch recommends staying well under 100 channels per connection. */
  CHANNELS_PER_CONNECTION: z.coerce.number().int().min(1).max(100).default(90),
  /** A channel's lease expires this long after its owner's last renewal. */
  CHANNEL_LEASE_TTL_MS: z.coerce.number().int().min(1_000).default(6_000),
  /**
   * How long Twitch may take to confirm a JOIN before it is retried (on the same connection,
   * with backoff); real replies can take over a second, a missing channel never gets one.
   */
  CHAT_JOIN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(15_000),
});

export type ChatIngestConfig = z.infer<typeof chatIngestEnv>;
