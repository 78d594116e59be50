import { z } from 'zod';
import { redisEnv, urlWithProtocol } from '@greetboard/config';
import { serviceEnv } from '@greetboard/service-kit';

const DAY_SECONDS = 24 * 60 * 60;
const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A 32-byte key in base64, for AES-256-GCM. */
const encryptionKey = z.string().refine((value) => Buffer.from(value, 'base64').length === 32, {
  error: 'must be the base64 encoding of 32 random bytes (openssl rand -base64 32)',
});

/** Twitch and sign-in settings, shared by the auth service and the standalone runtime. */
export const twitchEnv = z.object({
  /** Unset selects demo mode in the standalone runtime (the built-in Twitch emulator). */
  TWITCH_CLIENT_ID: z.string().max(64).optional(),
  TWITCH_CLIENT_SECRET: z.string().max(128).optional(),
  TWITCH_ID_URL: urlWithProtocol(['http:', 'https:']).default('https://id.twitch.tv'),
  TWITCH_API_URL: urlWithProtocol(['http:', 'https:']).default('https://api.twitch.tv'),
  TWITCH_IRC_URL: urlWithProtocol(['ws:', 'wss:']).default('wss://irc-ws.chat.twitch.tv:443'),
  /** EventSub over WebSocket, for auto-start (stream.online / stream.offline). */
  TWITCH_EVENTSUB_URL: urlWithProtocol(['ws:', 'wss:']).default('wss://eventsub.wss.twitch.tv/ws'),
  /** Auto-start's fallback: how often Helix streams is polled for users without EventSub. */
  AUTO_START_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /**
   * Twitch requires every stored token to be validated at least hourly (ADR 0044): each
   * replica runs a validation round this often (and at once at boot), which claims the tokens
   * last validated over TOKEN_VALIDATION_AGE_MS ago. Their sum must stay under an hour.
   */
  TOKEN_VALIDATION_ROUND_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  TOKEN_VALIDATION_AGE_MS: z.coerce.number().int().min(1_000).max(3_000_000).default(3_000_000),
  TOKEN_ENCRYPTION_KEY: encryptionKey.optional(),
  /** Comma-separated Twitch logins that become approved admins when they sign in. */
  ADMIN_TWITCH_LOGINS: z.string().default(''),
  SESSION_IDLE_TTL_SECONDS: seconds(7 * DAY_SECONDS),
  SESSION_ABSOLUTE_TTL_SECONDS: seconds(30 * DAY_SECONDS),
  /** Browser login sessions a user may hold at once; a new one ends the oldest (ADR 0046). */
  LOGIN_SESSIONS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(20),
});

/** PUBLIC_URL builds the OAuth redirect URI; PORT only gives its default. */
const publicUrlEnv = z.object({
  PUBLIC_URL: urlWithProtocol(['http:', 'https:']).optional(),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
});

export const authEnv = serviceEnv.extend({
  ...redisEnv.shape,
  ...publicUrlEnv.shape,
  ...twitchEnv.shape,
});

export type AuthEnv = z.infer<typeof authEnv>;

/** The auth service's settings, resolved once at boot. */
export interface AuthConfig {
  twitch: {
    clientId: string;
    clientSecret: string;
    idUrl: string;
    apiUrl: string;
    /** `${PUBLIC_URL}/auth/twitch/callback`, registered with the Twitch application. */
    redirectUri: string;
    eventSubUrl: string;
  };
  autoStart: { pollIntervalMs: number };
  /** How often a replica runs a validation round, and the age at which a token is due. */
  tokenValidation: { roundMs: number; maxAgeMs: number };
  tokenEncryptionKey: Buffer;
  adminLogins: ReadonlySet<string>;
  sessionIdleTtlSeconds: number;
  sessionAbsoluteTtlSeconds: number;
  /** Browser login sessions a user may hold at once; a new one ends the oldest. */
  loginSessionsPerUser: number;
}

export class AuthConfigError extends Error {}

export function publicUrlOf(env: { PUBLIC_URL?: string; PORT: number }): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

export function parseAdminLogins(list: string): Set<string> {
  return new Set(
    list
      .split(',')
      .map((login) => login.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * Builds the auth settings. The Twitch client and the token key are required here: the
 * standalone runtime fills them in for demo mode before calling this.
 */
export function resolveAuthConfig(
  env: Omit<z.infer<typeof twitchEnv>, never> & { PUBLIC_URL?: string; PORT: number },
): AuthConfig {
  if (env.TOKEN_VALIDATION_ROUND_MS + env.TOKEN_VALIDATION_AGE_MS >= 60 * 60_000) {
    throw new AuthConfigError(
      'Invalid configuration for auth:\n  TOKEN_VALIDATION_ROUND_MS + TOKEN_VALIDATION_AGE_MS ' +
        'must stay under an hour (Twitch requires hourly token validation)',
    );
  }
  const missing = [
    env.TWITCH_CLIENT_ID ? undefined : 'TWITCH_CLIENT_ID',
    env.TWITCH_CLIENT_SECRET ? undefined : 'TWITCH_CLIENT_SECRET',
    env.TOKEN_ENCRYPTION_KEY ? undefined : 'TOKEN_ENCRYPTION_KEY',
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new AuthConfigError(
      `Invalid configuration for auth:\n  ${missing.join(', ')} must be set ` +
        '(only the standalone runtime can run without them, in demo mode)',
    );
  }
  return {
    twitch: {
      clientId: env.TWITCH_CLIENT_ID ?? '',
      clientSecret: env.TWITCH_CLIENT_SECRET ?? '',
      idUrl: env.TWITCH_ID_URL.replace(/\/+$/, ''),
      apiUrl: env.TWITCH_API_URL.replace(/\/+$/, ''),
      redirectUri: `${publicUrlOf(env)}/auth/twitch/callback`,
      eventSubUrl: env.TWITCH_EVENTSUB_URL,
    },
    autoStart: { pollIntervalMs: env.AUTO_START_POLL_INTERVAL_MS },
    tokenValidation: {
      roundMs: env.TOKEN_VALIDATION_ROUND_MS,
      maxAgeMs: env.TOKEN_VALIDATION_AGE_MS,
    },
    tokenEncryptionKey: Buffer.from(env.TOKEN_ENCRYPTION_KEY ?? '', 'base64'),
    adminLogins: parseAdminLogins(env.ADMIN_TWITCH_LOGINS),
    sessionIdleTtlSeconds: env.SESSION_IDLE_TTL_SECONDS,
    sessionAbsoluteTtlSeconds: env.SESSION_ABSOLUTE_TTL_SECONDS,
    loginSessionsPerUser: env.LOGIN_SESSIONS_PER_USER,
  };
}
