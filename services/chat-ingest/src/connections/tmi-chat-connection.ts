import { randomInt } from 'node:crypto';
import { Logger } from '@nestjs/common';
import tmi from 'tmi.js';
import type { ChatLineReceived } from '@greetboard/contracts';
import {
  chatJoinFailures,
  chatLinesReceived,
  twitchConnections,
  twitchReconnects,
} from '@greetboard/metrics';
import {
  ChannelJoins,
  DEFAULT_JOIN_TIMING,
  type JoinEventHandler,
  type JoinTiming,
} from './channel-joins.js';
import type { ChatConnection, ChatLineHandler } from './chat-connection.js';
import {
  toChatLine,
  toClearChatRecord,
  toDeletedMessageRecord,
  toRaidRecord,
  toSubscriptionLine,
  type ChatUserstate,
  type ModerationTags,
  type UserNoticeTags,
} from './chat-line-parser.js';
import { JoinRateLimiter } from './join-rate-limiter.js';

/** Where Twitch chat is: `wss://irc-ws.chat.twitch.tv:443`, or the emulator's `ws://` URL. */
export interface ChatServer {
  host: string;
  port: number;
  secure: boolean;
}

export function chatServerFromUrl(url: string): ChatServer {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'wss:';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 443 : 80,
    secure,
  };
}

/**
 * The Twitch account a replica reads chat as: anonymous (`justinfan<digits>`, which needs no
 * user token), shared by all its connections. Twitch limits JOINs per account, so the
 * account's one limiter paces the JOINs of every connection.
 */
export interface ChatAccount {
  username: string;
  joins: JoinRateLimiter;
}

export function anonymousChatAccount(): ChatAccount {
  return { username: `justinfan${randomInt(10_000, 99_999_999)}`, joins: new JoinRateLimiter() };
}

/** NOTICE ids with which Twitch refuses a JOIN (a suspended, banned or unknown channel). */
const JOIN_REFUSALS = new Set([
  'msg_channel_suspended',
  'msg_room_not_found',
  'msg_banned',
  'tos_ban',
  'invalid_user',
]);

/**
 * tmi.js's reconnect backoff: 1 s, growing by half each failure up to 5 s, and never giving
 * up, so after an outage of any length the connection is back within 5 s of Twitch answering
 * and its channels are joined again shortly after.
 */
const RECONNECT = {
  reconnect: true,
  reconnectInterval: 1_000,
  reconnectDecay: 1.5,
  maxReconnectInterval: 5_000,
  maxReconnectAttempts: Infinity,
} as const;

/**
 * A read-only tmi.js connection. tmi.js answers PINGs, follows RECONNECT and reconnects after
 * a drop; which channels are joined is tracked here instead (ChannelJoins), from Twitch's
 * JOIN echoes and ROOMSTATEs, because tmi.js's own join promise and rejoin lose channels
 * whenever Twitch is slow or the link drops during a rejoin.
 */
export class TmiChatConnection implements ChatConnection {
  private readonly client: tmi.Client;
  private readonly logger = new Logger('chat-connection');
  private readonly joins: ChannelJoins;

  constructor(
    server: ChatServer,
    onLine: ChatLineHandler,
    onJoin: JoinEventHandler = () => undefined,
    account: ChatAccount = anonymousChatAccount(),
    timing: JoinTiming = DEFAULT_JOIN_TIMING,
  ) {
    this.client = new tmi.Client({
      options: { skipMembership: true, skipUpdatingEmotesets: true },
      connection: {
        server: server.host,
        port: server.port,
        secure: server.secure,
        ...RECONNECT,
      },
      identity: { username: account.username, password: '' },
      logger: {
        info: () => undefined,
        warn: (m: string) => this.logger.warn(m),
        error: (m: string) => this.logger.error(m),
      },
    });
    this.joins = new ChannelJoins(
      {
        isConnected: () => this.isConnected(),
        sendJoin: (channel) => this.send(`JOIN #${channel}`),
        sendPart: (channel) => this.send(`PART #${channel}`),
      },
      account.joins,
      (event) => {
        if (!event.joined) chatJoinFailures.inc({ reason: event.reason });
        onJoin(event);
      },
      timing,
    );
    this.client.on('join', (channel: string, _nick: string, self: boolean) => {
      if (self) this.joins.confirmed(bare(channel));
    });
    this.client.on('roomstate', (channel: string) => this.joins.confirmed(bare(channel)));
    this.client.on('part', (channel: string, _nick: string, self: boolean) => {
      if (self) this.joins.parted(bare(channel));
    });
    this.client.on('notice', (channel: string, msgid: string) => {
      if (JOIN_REFUSALS.has(msgid)) this.joins.refused(bare(channel));
    });
    this.keepReadingOnReconnect();
    // tmi.js emits `connected` on the first connection and after every reconnect.
    let everConnected = false;
    let open = false;
    this.client.on('connected', () => {
      // tmi.js rejoins the channels it saw confirmed right after this event; emptying its list
      // leaves the rejoin to ChannelJoins, which knows every wanted channel.
      this.client.getChannels().splice(0);
      this.joins.connected();
      if (everConnected) twitchReconnects.inc();
      everConnected = true;
      if (!open) twitchConnections.inc();
      open = true;
    });
    this.client.on('disconnected', () => {
      this.joins.disconnected();
      if (open) twitchConnections.dec();
      open = false;
    });
    const accept = (channel: string, line: ChatLineReceived | undefined, id?: string) => {
      chatLinesReceived.inc();
      if (line) onLine(line);
      else
        this.logger.warn(
          `Dropped a malformed chat line in ${channel} (message id ${id ?? 'missing'})`,
        );
    };
    this.client.on('message', (channel: string, userstate: ChatUserstate, text: string) => {
      accept(channel, toChatLine(channel, userstate, text), userstate.id);
    });
    // Subscription notices count as chat lines of the subscriber, a raid becomes a raid record
    // on the same durable path (ADR 0032).
    this.client.on(
      'subscription',
      (channel: string, _name: string, _methods: unknown, message: string, tags: UserNoticeTags) =>
        accept(channel, toSubscriptionLine(channel, tags, message), tags.id),
    );
    this.client.on(
      'resub',
      (channel: string, _name: string, _months: number, message: string, tags: UserNoticeTags) =>
        accept(channel, toSubscriptionLine(channel, tags, message), tags.id),
    );
    // tmi.js passes the tags as a fourth argument that its typings leave out.
    const onRaid = (channel: string, _name: string, _viewers: number, tags?: UserNoticeTags) =>
      accept(channel, tags && toRaidRecord(channel, tags), tags?.id);
    this.client.on('raided', onRaid);
    // Bans, timeouts and deleted messages travel the same path as moderation records (ADR
    // 0041). A cleared chat changes no chatter and is not published.
    this.client.on(
      'ban',
      (channel: string, login: string, _reason: unknown, tags: ModerationTags) =>
        accept(channel, toClearChatRecord(channel, login, tags), `CLEARCHAT of ${login}`),
    );
    this.client.on(
      'timeout',
      (channel: string, login: string, _reason: unknown, _sec: number, tags: ModerationTags) =>
        accept(channel, toClearChatRecord(channel, login, tags), `CLEARCHAT of ${login}`),
    );
    this.client.on(
      'messagedeleted',
      (channel: string, login: string, _text: string, tags: ModerationTags) =>
        accept(channel, toDeletedMessageRecord(channel, tags), `CLEARMSG of ${login}`),
    );
  }

  /**
   * Twitch's RECONNECT announces that the server will close the connection soon; tmi.js answers
   * it by closing at once and reconnecting a second later. Its WebSocket drops every line that
   * arrives once it began closing (the WHATWG rule), and nothing is read until the channels are
   * joined again: chat Twitch delivered in between is lost, and IRC has no replay. So the
   * connection keeps reading until Twitch closes it, and only then reconnects (as after any drop).
   */
  private keepReadingOnReconnect(): void {
    const client = this.client as unknown as { handleMessage(message: { command: string }): void };
    const handle = client.handleMessage.bind(client);
    client.handleMessage = (message) => {
      if (message.command === 'RECONNECT') {
        this.logger.log('Twitch announced a reconnect: reading on until it closes the connection');
        return;
      }
      handle(message);
    };
  }

  async connect(): Promise<void> {
    await this.client.connect();
  }

  join(channel: string): void {
    this.joins.want(channel);
  }

  part(channel: string): void {
    this.joins.unwant(channel);
  }

  channels(): string[] {
    return this.joins.joined();
  }

  isConnected(): boolean {
    return this.client.readyState() === 'OPEN';
  }

  private send(command: string): void {
    // Not connected: ChannelJoins sends again once tmi.js has reconnected.
    this.client.raw(command).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.joins.close();
    if (this.client.readyState() === 'CLOSED') return;
    await this.client.disconnect().catch(() => undefined);
  }
}

function bare(channel: string): string {
  return channel.replace(/^#/, '');
}
