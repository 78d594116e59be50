import { type OAuthClient } from './state/tokens.js';
import { type RateLimit } from './irc/rate-limit.js';

export interface TwitchEmulatorOptions {
  /** Interface to listen on; default 127.0.0.1. */
  readonly host?: string;
  /** Identity, Helix, control API and IRC over WebSocket; default 3100, 0 for an ephemeral port. */
  readonly httpPort?: number;
  /** IRC over TCP; default 6667, 0 for an ephemeral port. */
  readonly ircPort?: number;
  /** Seed for users, ids and generated chat; default 1. */
  readonly seed?: number;
  /** OAuth clients that may sign users in; default one client, see DEFAULT_CLIENT. */
  readonly clients?: readonly OAuthClient[];
  /** Lifetime of access tokens in seconds; default 14400 (Twitch's typical 4 hours). */
  readonly tokenExpiresInSec?: number;
  /**
   * A file that keeps users' tokens and refresh grants across a restart of the emulator, as
   * Twitch keeps them across a restart of the product (demo mode); default '' (memory only).
   */
  readonly grantsFile?: string;
  /** How often the server PINGs each client; default 300000 (Twitch: about every 5 minutes). */
  readonly pingIntervalMs?: number;
  /** How long a client may take to answer a PING before being disconnected; default 10000. */
  readonly pongTimeoutMs?: number;
  /** Helix points per minute per client id; default 800. */
  readonly helixRateLimitPerMinute?: number;
  /** IRC JOIN limit per user; default 20 per 10 s. */
  readonly joinLimit?: RateLimit;
  /** IRC PRIVMSG limit per user in a channel where they are not a moderator; default 20 per 30 s. */
  readonly messageLimit?: RateLimit;
  /** IRC PRIVMSG limit for broadcasters and moderators; default 100 per 30 s. */
  readonly moderatorMessageLimit?: RateLimit;
  /** Logins created at start (the first is the default broadcaster); default ["emulator_streamer"]. */
  readonly users?: readonly string[];
}

export const DEFAULT_CLIENT: OAuthClient = {
  clientId: 'greetboardemulatorclient000001',
  clientSecret: 'greetboardemulatorsecret000001',
  redirectUris: ['http://localhost:3000/auth/twitch/callback'],
};

export type ResolvedOptions = Required<TwitchEmulatorOptions>;

export function resolveOptions(options: TwitchEmulatorOptions = {}): ResolvedOptions {
  return {
    host: options.host ?? '127.0.0.1',
    httpPort: options.httpPort ?? 3100,
    ircPort: options.ircPort ?? 6667,
    seed: options.seed ?? 1,
    clients: options.clients ?? [DEFAULT_CLIENT],
    tokenExpiresInSec: options.tokenExpiresInSec ?? 14_400,
    grantsFile: options.grantsFile ?? '',
    pingIntervalMs: options.pingIntervalMs ?? 300_000,
    pongTimeoutMs: options.pongTimeoutMs ?? 10_000,
    helixRateLimitPerMinute: options.helixRateLimitPerMinute ?? 800,
    joinLimit: options.joinLimit ?? { count: 20, windowMs: 10_000 },
    messageLimit: options.messageLimit ?? { count: 20, windowMs: 30_000 },
    moderatorMessageLimit: options.moderatorMessageLimit ?? { count: 100, windowMs: 30_000 },
    users: options.users ?? ['emulator_streamer'],
  };
}

export class EnvError extends Error {}

function port(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed > 65_535) {
    throw new EnvError(`${name} must be a port number between 0 and 65535, got "${value}"`);
  }
  return parsed;
}

/** Options for the standalone emulator from EMULATOR_* variables; throws EnvError naming a bad one. */
export function optionsFromEnv(env: NodeJS.ProcessEnv): TwitchEmulatorOptions {
  const host = env.EMULATOR_HOST;
  if (host !== undefined && !/^[\w.:-]+$/.test(host))
    throw new EnvError(`EMULATOR_HOST is not a host name or address: "${host}"`);
  const seedText = env.EMULATOR_SEED;
  if (seedText !== undefined && !/^\d{1,10}$/.test(seedText)) {
    throw new EnvError(`EMULATOR_SEED must be a non-negative integer, got "${seedText}"`);
  }
  const clientId = env.EMULATOR_CLIENT_ID ?? DEFAULT_CLIENT.clientId;
  if (!/^[a-z0-9]{1,64}$/.test(clientId))
    throw new EnvError('EMULATOR_CLIENT_ID must be lowercase letters and digits');
  const clientSecret = env.EMULATOR_CLIENT_SECRET ?? DEFAULT_CLIENT.clientSecret;
  if (!/^[a-z0-9]{1,64}$/.test(clientSecret)) {
    throw new EnvError('EMULATOR_CLIENT_SECRET must be lowercase letters and digits');
  }
  const redirectUris =
    env.EMULATOR_REDIRECT_URIS === undefined
      ? DEFAULT_CLIENT.redirectUris
      : env.EMULATOR_REDIRECT_URIS.split(',').map((uri) => uri.trim());
  for (const uri of redirectUris) {
    if (!URL.canParse(uri) || !/^https?:$/.test(new URL(uri).protocol)) {
      throw new EnvError(`EMULATOR_REDIRECT_URIS holds "${uri}", which is not an http(s) URL`);
    }
  }
  return {
    host: host || undefined,
    httpPort: port(env, 'EMULATOR_HTTP_PORT'),
    ircPort: port(env, 'EMULATOR_IRC_PORT'),
    seed: seedText === undefined ? undefined : Number(seedText),
    clients: [{ clientId, clientSecret, redirectUris }],
  };
}
