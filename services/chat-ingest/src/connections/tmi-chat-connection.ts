import { randomInt } from 'node:crypto';
import { Logger } from '@nestjs/common';
import tmi from 'tmi.js';
import type { ChatLineReceived } from '@greetboard/contracts';
import { chatLinesReceived, twitchConnections, twitchReconnects } from '@greetboard/metrics';
import type { ChatConnection, ChatLineHandler } from './chat-connection.js';
import {
  toChatLine,
  toRaidRecord,
  toSubscriptionLine,
  type ChatUserstate,
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
 * Twitch allows 20 JOINs per 10 seconds. tmi.js spaces its own rejoins after a reconnect by
 * this much; joins made here go through a sliding-window limiter instead, so a takeover joins
 * a dead replica's channels at once.
 */
const REJOIN_INTERVAL_MS = 550;

/**
 * A read-only tmi.js connection logged in anonymously (`justinfan<digits>`), which needs no
 * user token. tmi.js answers PINGs, follows RECONNECT, reconnects after a drop and rejoins
 * its channels on its own, pacing those JOINs; joins made here stay within Twitch's limit.
 */
export class TmiChatConnection implements ChatConnection {
  private readonly client: tmi.Client;
  private readonly logger = new Logger('chat-connection');
  private readonly joins = new JoinRateLimiter();

  constructor(server: ChatServer, onLine: ChatLineHandler) {
    this.client = new tmi.Client({
      options: {
        skipMembership: true,
        skipUpdatingEmotesets: true,
        joinInterval: REJOIN_INTERVAL_MS,
      },
      connection: {
        server: server.host,
        port: server.port,
        secure: server.secure,
        reconnect: true,
        maxReconnectInterval: 10_000,
      },
      identity: { username: `justinfan${randomInt(10_000, 99_999_999)}`, password: '' },
      logger: {
        info: () => undefined,
        warn: (m: string) => this.logger.warn(m),
        error: (m: string) => this.logger.error(m),
      },
    });
    // tmi.js emits `connected` on the first connection and after every reconnect.
    let everConnected = false;
    let open = false;
    this.client.on('connected', () => {
      if (everConnected) twitchReconnects.inc();
      everConnected = true;
      if (!open) twitchConnections.inc();
      open = true;
    });
    this.client.on('disconnected', () => {
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
  }

  async connect(): Promise<void> {
    await this.client.connect();
  }

  async join(channel: string): Promise<void> {
    await this.joins.acquire();
    await this.client.join(channel);
  }

  async part(channel: string): Promise<void> {
    await this.client.part(channel);
  }

  channels(): string[] {
    return this.client.getChannels().map((channel) => channel.replace(/^#/, ''));
  }

  isConnected(): boolean {
    return this.client.readyState() === 'OPEN';
  }

  async close(): Promise<void> {
    if (this.client.readyState() === 'CLOSED') return;
    await this.client.disconnect().catch(() => undefined);
  }
}
