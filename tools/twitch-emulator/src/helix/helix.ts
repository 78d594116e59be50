import { randomUUID } from 'node:crypto';
import { bearerToken } from '../identity/oauth.js';
import { composePrivmsg } from '../irc/chat-message.js';
import { ANNOUNCEMENT_COLORS, type AnnouncementColor, userNoticeLine } from '../irc/user-notice.js';
import { type IrcServer } from '../irc/server.js';
import {
  HttpError,
  readBody,
  type RequestContext,
  type Router,
  sendEmpty,
  sendJson,
} from '../http/http.js';
import { type Channel, type ChannelStore } from '../state/channels.js';
import { type IssuedToken, type TokenStore } from '../state/tokens.js';
import { type EmulatorUser, type UserStore } from '../state/users.js';
import { type HelixRateLimiter } from './rate-limit.js';

/** Faults the control API can inject into Helix. */
export interface HelixFaults {
  /** The status to answer instead of serving the request, if a fault is active. */
  takeHelixFault(): 429 | 500 | undefined;
  /** Why Twitch drops the next chat message (answered 200, `is_sent: false`), if it does. */
  takeChatDrop(): ChatDropReason | undefined;
}

/** Send Chat Message's `drop_reason`: Twitch accepted the request but not the message. */
export interface ChatDropReason {
  readonly code: string;
  readonly message: string;
}

export type HelixHandler = (context: RequestContext, token: IssuedToken) => Promise<void> | void;

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** Helix's documented error body: `{error, status, message}`. */
export function helixError(status: number, message: string): HttpError {
  return new HttpError(status, { error: REASONS[status] ?? 'Error', status, message });
}

const MAX_USERS_PER_REQUEST = 100;
/** Send a Shoutout's limits: one every 2 minutes per channel, the same channel once an hour. */
export const SHOUTOUT_COOLDOWN_MS = 2 * 60_000;
export const SHOUTOUT_SAME_CHANNEL_COOLDOWN_MS = 60 * 60_000;

/** api.twitch.tv/helix: the endpoints Greetboard uses. */
export class HelixRoutes {
  constructor(
    private readonly users: UserStore,
    private readonly tokens: TokenStore,
    private readonly channels: ChannelStore,
    private readonly irc: IrcServer,
    private readonly rateLimiter: HelixRateLimiter,
    private readonly faults: HelixFaults,
  ) {}

  /** When each channel last gave a shoutout, and to whom (`from to`). */
  private readonly lastShoutout = new Map<string, number>();
  private readonly lastShoutoutTo = new Map<string, number>();

  register(router: Router): void {
    router
      .add(
        'GET',
        '/helix/users',
        this.guard((context, token) => this.getUsers(context, token)),
      )
      .add(
        'GET',
        '/helix/streams',
        this.guard((context) => this.getStreams(context)),
      )
      .add(
        'GET',
        '/helix/channels',
        this.guard((context) => this.getChannels(context)),
      )
      .add(
        'POST',
        '/helix/chat/messages',
        this.guard((context, token) => this.sendChatMessage(context, token)),
      )
      .add(
        'POST',
        '/helix/chat/announcements',
        this.guard((context, token) => this.sendAnnouncement(context, token)),
      )
      .add(
        'POST',
        '/helix/chat/shoutouts',
        this.guard((context, token) => this.sendShoutout(context, token)),
      );
  }

  /** Authentication, client id check, faults and rate limiting shared by every endpoint. */
  guard(handler: HelixHandler): (context: RequestContext) => Promise<void> {
    return async (context) => {
      const value = bearerToken(context.req);
      if (!value || !/^Bearer\s/i.test(context.req.headers.authorization ?? '')) {
        throw helixError(401, 'OAuth token is missing');
      }
      const token = this.tokens.lookup(value);
      if (!token) throw helixError(401, 'Invalid OAuth token');
      const clientId = context.req.headers['client-id'];
      if (typeof clientId !== 'string' || clientId === '')
        throw helixError(401, 'Client-Id header required');
      if (clientId !== token.clientId)
        throw helixError(401, 'Client ID and OAuth token do not match');

      const bucket = this.rateLimiter.take(clientId);
      const headers = {
        'Ratelimit-Limit': String(bucket.limit),
        'Ratelimit-Remaining': String(bucket.remaining),
        'Ratelimit-Reset': String(bucket.resetAt),
      };
      for (const [name, headerValue] of Object.entries(headers))
        context.res.setHeader(name, headerValue);
      const fault = this.faults.takeHelixFault();
      if (!bucket.allowed || fault === 429) throw helixError(429, 'Too Many Requests');
      if (fault === 500) throw helixError(500, 'Internal Server Error');
      await handler(context, token);
    };
  }

  private getUsers({ res, url }: RequestContext, token: IssuedToken): void {
    const ids = url.searchParams.getAll('id');
    const logins = url.searchParams.getAll('login');
    if (ids.length + logins.length > MAX_USERS_PER_REQUEST) {
      throw helixError(400, 'The sum of the id and login query parameters may not exceed 100');
    }
    let found: EmulatorUser[];
    if (ids.length === 0 && logins.length === 0) {
      if (token.userId === undefined)
        throw helixError(400, 'Must provide an ID, Login or OAuth Token');
      found = [this.users.byId(token.userId)].filter((user) => user !== undefined);
    } else {
      const byId = ids.map((id) => this.users.byId(id));
      const byLogin = logins.map((login) => this.users.byLogin(login.toLowerCase()));
      const unique = new Map<string, EmulatorUser>();
      for (const user of [...byId, ...byLogin]) if (user) unique.set(user.id, user);
      found = [...unique.values()];
    }
    const withEmail = token.scopes.includes('user:read:email');
    sendJson(res, 200, {
      data: found.map((user) => userResource(user, withEmail && user.id === token.userId)),
    });
  }

  private getStreams({ res, url }: RequestContext): void {
    const ids = new Set(url.searchParams.getAll('user_id'));
    const logins = new Set(
      url.searchParams.getAll('user_login').map((login) => login.toLowerCase()),
    );
    if (ids.size + logins.size > MAX_USERS_PER_REQUEST) {
      throw helixError(400, 'The sum of user_id and user_login may not exceed 100');
    }
    const first = Number(url.searchParams.get('first') ?? '20');
    if (!Number.isInteger(first) || first < 1 || first > 100) {
      throw helixError(400, 'The parameter "first" value must be between 1 and 100');
    }
    const filtered = ids.size + logins.size > 0;
    const live = this.channels
      .liveChannels()
      .filter(
        (channel) =>
          !filtered || ids.has(channel.broadcaster.id) || logins.has(channel.broadcaster.login),
      )
      .sort((a, b) => (b.stream?.viewerCount ?? 0) - (a.stream?.viewerCount ?? 0))
      .slice(0, first);
    sendJson(res, 200, { data: live.map(streamResource), pagination: {} });
  }

  /** Get Channel Information: unknown ids are left out, as Twitch does. */
  private getChannels({ res, url }: RequestContext): void {
    const ids = [...new Set(url.searchParams.getAll('broadcaster_id'))];
    if (ids.length === 0) throw helixError(400, 'Missing required parameter "broadcaster_id"');
    if (ids.length > MAX_USERS_PER_REQUEST)
      throw helixError(400, 'The number of broadcaster_id parameters may not exceed 100');
    const found = ids
      .map((id) => this.users.byId(id))
      .filter((user) => user !== undefined)
      .map((user) => channelResource(this.channels.channel(user)));
    sendJson(res, 200, { data: found });
  }

  private async sendChatMessage(context: RequestContext, token: IssuedToken): Promise<void> {
    requireScope(token, 'user:write:chat');
    const body = await readJsonObject(context);
    const broadcasterId = requiredString(body, 'broadcaster_id');
    const senderId = requiredString(body, 'sender_id');
    const message = requiredString(body, 'message');
    if (senderId !== token.userId) {
      throw helixError(403, 'The sender must be the user associated with the OAuth token');
    }
    if ([...message].length > 500)
      throw helixError(400, 'The message may not exceed 500 characters');
    const channel = this.channelById(broadcasterId);
    const sender = this.users.byId(senderId);
    if (!sender) throw helixError(400, 'Invalid sender_id');
    const dropped = this.faults.takeChatDrop();
    if (dropped) {
      // As Twitch answers a message AutoMod, a duplicate check or the channel's settings hold.
      sendJson(context.res, 200, {
        data: [{ message_id: '', is_sent: false, drop_reason: { ...dropped } }],
      });
      return;
    }
    const parentId =
      typeof body.reply_parent_message_id === 'string' ? body.reply_parent_message_id : undefined;
    const composed = composePrivmsg(
      {
        channel,
        user: sender,
        text: message,
        id: randomUUID(),
        sentAt: Date.now(),
        replyTo: parentId === undefined ? undefined : channel.recent.get(parentId),
      },
      this.channels,
    );
    this.irc.deliver(channel.broadcaster.login, [composed.line]);
    sendJson(context.res, 200, { data: [{ message_id: composed.id, is_sent: true }] });
  }

  private async sendAnnouncement(context: RequestContext, token: IssuedToken): Promise<void> {
    requireScope(token, 'moderator:manage:announcements');
    const broadcasterId = context.url.searchParams.get('broadcaster_id');
    const moderatorId = context.url.searchParams.get('moderator_id');
    if (!broadcasterId) throw helixError(400, 'Missing required parameter "broadcaster_id"');
    if (!moderatorId) throw helixError(400, 'Missing required parameter "moderator_id"');
    if (moderatorId !== token.userId) {
      throw helixError(403, 'The moderator_id must match the user ID in the user access token');
    }
    const body = await readJsonObject(context);
    const message = requiredString(body, 'message');
    const color = typeof body.color === 'string' ? body.color.toUpperCase() : 'PRIMARY';
    if (!isAnnouncementColor(color)) throw helixError(400, 'The color is not valid');
    const channel = this.channelById(broadcasterId);
    const moderator = this.users.byId(moderatorId);
    if (
      !moderator ||
      (moderator.id !== channel.broadcaster.id && !channel.moderatorIds.has(moderator.id))
    ) {
      throw helixError(403, 'The user in moderator_id is not one of the broadcaster’s moderators');
    }
    const line = userNoticeLine(
      channel,
      { kind: 'announcement', user: moderator, message, color },
      randomUUID(),
      Date.now(),
    );
    this.irc.deliver(channel.broadcaster.login, [line], { requiresCommands: true });
    sendEmpty(context.res, 204);
  }

  /** Send a Shoutout: 204, or Twitch's 400/401/403/429 with its texts. */
  private sendShoutout(context: RequestContext, token: IssuedToken): void {
    requireScope(token, 'moderator:manage:shoutouts');
    const query = context.url.searchParams;
    const fromId = query.get('from_broadcaster_id');
    const toId = query.get('to_broadcaster_id');
    const moderatorId = query.get('moderator_id');
    for (const [name, value] of [
      ['from_broadcaster_id', fromId],
      ['to_broadcaster_id', toId],
      ['moderator_id', moderatorId],
    ] as const) {
      if (!value) throw helixError(400, `Missing required parameter "${name}"`);
    }
    if (moderatorId !== token.userId) {
      throw helixError(
        401,
        'The ID in moderator_id must match the user ID in the user access token.',
      );
    }
    const channel = this.channelById(fromId ?? '');
    if (!this.users.byId(toId ?? '')) throw helixError(400, 'Invalid to_broadcaster_id');
    if (fromId === toId)
      throw helixError(400, 'The broadcaster may not give themselves a Shoutout.');
    if (moderatorId !== channel.broadcaster.id && !channel.moderatorIds.has(moderatorId ?? '')) {
      throw helixError(403, 'The user in moderator_id is not one of the broadcaster’s moderators.');
    }
    if (!channel.stream) {
      throw helixError(
        400,
        'The broadcaster is not streaming live or does not have one or more viewers.',
      );
    }
    const now = Date.now();
    const pair = `${fromId} ${toId}`;
    if (now - (this.lastShoutout.get(fromId ?? '') ?? -Infinity) < SHOUTOUT_COOLDOWN_MS) {
      throw helixError(
        429,
        'The broadcaster exceeded the number of Shoutouts they may send within a given window.',
      );
    }
    if (now - (this.lastShoutoutTo.get(pair) ?? -Infinity) < SHOUTOUT_SAME_CHANNEL_COOLDOWN_MS) {
      throw helixError(
        429,
        'The broadcaster exceeded the number of Shoutouts they may send the same broadcaster within a given window.',
      );
    }
    this.lastShoutout.set(fromId ?? '', now);
    this.lastShoutoutTo.set(pair, now);
    sendEmpty(context.res, 204);
  }

  private channelById(broadcasterId: string): Channel {
    const broadcaster = this.users.byId(broadcasterId);
    if (!broadcaster) throw helixError(400, 'Invalid broadcaster_id');
    return this.channels.channel(broadcaster);
  }
}

function isAnnouncementColor(color: string): color is AnnouncementColor {
  return (ANNOUNCEMENT_COLORS as readonly string[]).includes(color);
}

export function userResource(user: EmulatorUser, withEmail: boolean): Record<string, unknown> {
  return {
    id: user.id,
    login: user.login,
    display_name: user.displayName,
    type: user.type,
    broadcaster_type: user.broadcasterType,
    description: user.description,
    profile_image_url: user.profileImageUrl,
    offline_image_url: user.offlineImageUrl,
    view_count: user.viewCount,
    ...(withEmail ? { email: user.email } : {}),
    created_at: user.createdAt,
  };
}

function channelResource(channel: Channel): Record<string, unknown> {
  const { broadcaster, info } = channel;
  return {
    broadcaster_id: broadcaster.id,
    broadcaster_login: broadcaster.login,
    broadcaster_name: broadcaster.displayName,
    broadcaster_language: info.language,
    game_id: info.gameId,
    game_name: info.gameName,
    title: info.title,
    delay: info.delay,
    tags: info.tags,
    content_classification_labels: info.contentClassificationLabels,
    is_branded_content: info.isBrandedContent,
  };
}

function streamResource(channel: Channel): Record<string, unknown> {
  const stream = channel.stream;
  const broadcaster = channel.broadcaster;
  return {
    id: stream?.id,
    user_id: broadcaster.id,
    user_login: broadcaster.login,
    user_name: broadcaster.displayName,
    game_id: stream?.gameId,
    game_name: stream?.gameName,
    type: 'live',
    title: stream?.title,
    viewer_count: stream?.viewerCount,
    started_at: stream?.startedAt,
    language: stream?.language,
    thumbnail_url: `https://static-cdn.jtvnw.net/previews-ttv/live_user_${broadcaster.login}-{width}x{height}.jpg`,
    tag_ids: [],
    tags: stream?.tags,
    is_mature: stream?.isMature,
  };
}

function requireScope(token: IssuedToken, scope: string): void {
  if (token.userId === undefined || !token.scopes.includes(scope))
    throw helixError(401, `Missing scope: ${scope}`);
}

export async function readJsonObject(context: RequestContext): Promise<Record<string, unknown>> {
  const text = await readBody(context.req);
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // Reported below as a Helix 400, like Twitch does for unparsable bodies.
  }
  throw helixError(400, 'Malformed request body');
}

function requiredString(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value === '')
    throw helixError(400, `Missing required parameter "${key}"`);
  return value;
}
