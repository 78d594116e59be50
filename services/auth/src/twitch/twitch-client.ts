import { DomainError } from '@greetboard/contracts';
import type { AuthConfig } from '../config.js';

/**
 * Only what the product uses (ADR 0044, 0054; the README lists why): `user:write:chat` sends
 * the optional session announcements and welcome messages through Helix Send Chat Message,
 * `moderator:manage:shoutouts` sends shoutouts. Chat is read anonymously and
 * stream.online/offline need no scope, so nothing else is asked for.
 */
export const CHAT_SCOPE = 'user:write:chat';
export const SHOUTOUT_SCOPE = 'moderator:manage:shoutouts';
export const TWITCH_SCOPES = [CHAT_SCOPE, SHOUTOUT_SCOPE];

const REQUEST_TIMEOUT_MS = 10_000;

/** A live stream as Helix streams lists it. */
export interface LiveStream {
  title: string | null;
  startedAt: Date | null;
}

function parseTime(text: string | undefined): Date | null {
  const time = text ? Date.parse(text) : NaN;
  return Number.isNaN(time) ? null : new Date(time);
}

export interface TwitchTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  scopes: string[];
}

export interface TokenValidation {
  clientId: string;
  login: string;
  userId: string;
  expiresIn: number;
  scopes: string[];
}

/** A Helix user resource, reduced to what the product keeps. */
export interface HelixUser {
  id: string;
  login: string;
  displayName: string;
  profileImage: string | null;
  /** When the account was created (Helix `created_at`), when Twitch said. */
  createdAt: string | null;
}

/** Twitch answered that a code or token is not (or no longer) valid. */
export class TwitchRejectedError extends Error {}

/** What Helix answered to a chat message: sent, or dropped (AutoMod, a ban, a bad message). */
export interface ChatMessageResult {
  sent: boolean;
  /** Twitch's `drop_reason`, when it did not send the message. */
  dropReason?: { code: string; message: string };
}

export type StreamEventType = 'stream.online' | 'stream.offline';

/** A Helix failure worth another try later: rate limited, Twitch down, or unreachable. */
export function isTransientTwitchFailure(error: unknown): boolean {
  if (!(error instanceof DomainError) || error.code !== 'TWITCH_UNAVAILABLE') return false;
  const status = (error.details as { status?: number } | undefined)?.status;
  return status === undefined || status === 429 || status >= 500;
}

interface TokenBody {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  scope?: string[];
}

interface HelixUserBody {
  id: string;
  login: string;
  display_name: string;
  profile_image_url?: string;
  created_at?: string;
}

/**
 * Twitch's OAuth (id.twitch.tv) and Helix (api.twitch.tv) over configurable base URLs, so the
 * same code talks to the emulator in demo mode and tests. Secrets and tokens never appear in
 * an error message.
 */
export class TwitchClient {
  private appToken: { value: string; expiresAt: number } | undefined;

  constructor(private readonly config: AuthConfig['twitch']) {}

  authorizeUrl(state: string): string {
    const url = new URL(`${this.config.idUrl}/oauth2/authorize`);
    url.searchParams.set('client_id', this.config.clientId);
    url.searchParams.set('redirect_uri', this.config.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', TWITCH_SCOPES.join(' '));
    url.searchParams.set('state', state);
    return url.toString();
  }

  async exchangeCode(code: string): Promise<TwitchTokens> {
    const body = await this.tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.config.redirectUri,
    });
    return toTokens(body, '');
  }

  async refresh(refreshToken: string): Promise<TwitchTokens> {
    const body = await this.tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });
    return toTokens(body, refreshToken);
  }

  /** Twitch asks apps to validate tokens at sign-in and hourly; null when no longer valid. */
  async validate(accessToken: string): Promise<TokenValidation | null> {
    const response = await this.call(`${this.config.idUrl}/oauth2/validate`, {
      headers: { Authorization: `OAuth ${accessToken}` },
    });
    if (response.status === 401) return null;
    if (!response.ok) throw unavailable(response.status);
    const body = (await response.json()) as {
      client_id: string;
      login?: string;
      user_id?: string;
      expires_in: number;
      scopes?: string[];
    };
    return {
      clientId: body.client_id,
      login: body.login ?? '',
      userId: body.user_id ?? '',
      expiresIn: body.expires_in,
      scopes: body.scopes ?? [],
    };
  }

  /** Revokes a token; a token Twitch no longer knows counts as revoked. */
  async revoke(token: string): Promise<void> {
    const response = await this.call(`${this.config.idUrl}/oauth2/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: this.config.clientId, token }),
    });
    if (!response.ok && response.status !== 400) throw unavailable(response.status);
  }

  /** The user a user access token belongs to. */
  async currentUser(accessToken: string): Promise<HelixUser> {
    const [user] = await this.helixUsers(new URLSearchParams(), accessToken);
    if (!user) throw new TwitchRejectedError('Helix returned no user for the token');
    return user;
  }

  /** Looks a login up with the app's own token (client credentials). */
  async userByLogin(login: string): Promise<HelixUser | null> {
    const query = new URLSearchParams({ login });
    const [user] = await this.withAppToken((token) => this.helixUsers(query, token));
    return user ?? null;
  }

  /** Looks up to 100 Twitch user ids up with the app's own token; unknown ids are left out. */
  async usersByIds(twitchIds: string[]): Promise<HelixUser[]> {
    if (twitchIds.length === 0) return [];
    const query = new URLSearchParams();
    for (const id of twitchIds) query.append('id', id);
    return this.withAppToken((token) => this.helixUsers(query, token));
  }

  /** Posts `message` in the broadcaster's chat as the broadcaster (needs `user:write:chat`). */
  async sendChatMessage(
    accessToken: string,
    broadcasterId: string,
    message: string,
  ): Promise<ChatMessageResult> {
    const response = await this.call(`${this.config.apiUrl}/helix/chat/messages`, {
      method: 'POST',
      headers: { ...this.helixHeaders(accessToken), 'Content-Type': 'application/json' },
      body: JSON.stringify({ broadcaster_id: broadcasterId, sender_id: broadcasterId, message }),
    });
    if (response.status === 401) throw new TwitchRejectedError('Helix refused the token');
    if (!response.ok) throw unavailable(response.status);
    const body = (await response.json()) as {
      data?: {
        is_sent?: boolean;
        drop_reason?: { code?: string; message?: string } | null;
      }[];
    };
    const result = body.data?.[0];
    if (result?.is_sent !== false) return { sent: true };
    return {
      sent: false,
      dropReason: {
        code: result.drop_reason?.code ?? 'unknown',
        message: result.drop_reason?.message ?? '',
      },
    };
  }

  /**
   * A Helix shoutout from the broadcaster's channel to another, the broadcaster acting as
   * moderator (needs `moderator:manage:shoutouts`). Twitch's cooldowns answer 429:
   * SHOUTOUT_RATE_LIMITED; its other refusals (not live, oneself) SHOUTOUT_REFUSED.
   */
  async sendShoutout(accessToken: string, broadcasterId: string, toId: string): Promise<void> {
    const query = new URLSearchParams({
      from_broadcaster_id: broadcasterId,
      to_broadcaster_id: toId,
      moderator_id: broadcasterId,
    });
    const response = await this.call(
      `${this.config.apiUrl}/helix/chat/shoutouts?${query.toString()}`,
      {
        method: 'POST',
        headers: this.helixHeaders(accessToken),
      },
    );
    if (response.ok) return;
    if (response.status === 401) throw new TwitchRejectedError('Helix refused the token');
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    const details = { status: response.status, message: body.message ?? '' };
    if (response.status === 429) throw new DomainError('SHOUTOUT_RATE_LIMITED', undefined, details);
    if (response.status === 400 || response.status === 403)
      throw new DomainError('SHOUTOUT_REFUSED', undefined, details);
    throw unavailable(response.status);
  }

  /** Subscribes an EventSub WebSocket session to a broadcaster's stream events (user token). */
  async subscribeToStream(
    accessToken: string,
    type: StreamEventType,
    broadcasterId: string,
    sessionId: string,
  ): Promise<void> {
    const response = await this.call(`${this.config.apiUrl}/helix/eventsub/subscriptions`, {
      method: 'POST',
      headers: { ...this.helixHeaders(accessToken), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        type,
        version: '1',
        condition: { broadcaster_user_id: broadcasterId },
        transport: { method: 'websocket', session_id: sessionId },
      }),
    });
    if (response.status === 401) throw new TwitchRejectedError('Helix refused the token');
    // 409: this session already has it, which is what we want.
    if (!response.ok && response.status !== 409) throw unavailable(response.status);
  }

  /**
   * The live streams of at most 100 Twitch user ids, by user id, with their titles; asked
   * with the app's own token.
   */
  async liveStreams(twitchIds: string[]): Promise<Map<string, LiveStream>> {
    if (twitchIds.length === 0) return new Map();
    const query = new URLSearchParams({ first: '100' });
    for (const id of twitchIds) query.append('user_id', id);
    const streams = await this.appHelixData<{
      user_id: string;
      type?: string;
      title?: string;
      started_at?: string;
    }>(`/helix/streams?${query.toString()}`);
    return new Map(
      streams
        .filter((stream) => stream.type !== '')
        .map((stream) => [
          stream.user_id,
          { title: stream.title || null, startedAt: parseTime(stream.started_at) },
        ]),
    );
  }

  /**
   * The channel titles of at most 100 Twitch user ids (Helix channel information), asked with
   * the app's own token. Right after `stream.online` Helix streams may not list the stream
   * yet; the channel's title is there at once.
   */
  async channelTitles(twitchIds: string[]): Promise<Map<string, string>> {
    if (twitchIds.length === 0) return new Map();
    const query = new URLSearchParams();
    for (const id of twitchIds) query.append('broadcaster_id', id);
    const channels = await this.appHelixData<{ broadcaster_id: string; title?: string }>(
      `/helix/channels?${query.toString()}`,
    );
    return new Map(
      channels.flatMap((channel) =>
        channel.title ? [[channel.broadcaster_id, channel.title]] : [],
      ),
    );
  }

  /** The `data` of a Helix GET (a path with its query) asked with the app's own token. */
  private appHelixData<T>(path: string): Promise<T[]> {
    return this.withAppToken(async (token) => {
      const response = await this.call(`${this.config.apiUrl}${path}`, {
        headers: this.helixHeaders(token),
      });
      if (response.status === 401) throw new TwitchRejectedError('Helix refused the app token');
      if (!response.ok) throw unavailable(response.status);
      return ((await response.json()) as { data: T[] }).data;
    });
  }

  /** Runs `ask` with the app token; one that Twitch refuses is fetched anew, once. */
  private async withAppToken<T>(ask: (token: string) => Promise<T>): Promise<T> {
    try {
      return await ask(await this.appAccessToken());
    } catch (error) {
      if (!(error instanceof TwitchRejectedError)) throw error;
      // The app token expired early or was revoked.
      this.appToken = undefined;
      return ask(await this.appAccessToken());
    }
  }

  private helixHeaders(accessToken: string): Record<string, string> {
    return { Authorization: `Bearer ${accessToken}`, 'Client-Id': this.config.clientId };
  }

  private async helixUsers(query: URLSearchParams, accessToken: string): Promise<HelixUser[]> {
    const response = await this.call(`${this.config.apiUrl}/helix/users?${query.toString()}`, {
      headers: { Authorization: `Bearer ${accessToken}`, 'Client-Id': this.config.clientId },
    });
    if (response.status === 401) throw new TwitchRejectedError('Helix refused the token');
    if (response.status === 400) return [];
    if (!response.ok) throw unavailable(response.status);
    const body = (await response.json()) as { data: HelixUserBody[] };
    return body.data.map((user) => ({
      id: user.id,
      login: user.login,
      displayName: user.display_name,
      profileImage: user.profile_image_url || null,
      createdAt: user.created_at || null,
    }));
  }

  private async appAccessToken(): Promise<string> {
    if (this.appToken && this.appToken.expiresAt > Date.now() + 60_000) return this.appToken.value;
    const body = await this.tokenRequest({ grant_type: 'client_credentials' });
    this.appToken = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return body.access_token;
  }

  private async tokenRequest(params: Record<string, string>): Promise<TokenBody> {
    const response = await this.call(`${this.config.idUrl}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        ...params,
      }),
    });
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      throw new TwitchRejectedError(`Twitch refused the ${params.grant_type} grant`);
    }
    if (!response.ok) throw unavailable(response.status);
    return (await response.json()) as TokenBody;
  }

  private async call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch {
      throw new DomainError('TWITCH_UNAVAILABLE');
    }
  }
}

function toTokens(body: TokenBody, previousRefreshToken: string): TwitchTokens {
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? previousRefreshToken,
    expiresIn: body.expires_in,
    scopes: body.scope ?? [],
  };
}

function unavailable(status: number): DomainError {
  return new DomainError('TWITCH_UNAVAILABLE', undefined, { status });
}
