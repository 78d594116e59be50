import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import {
  DOMAIN_EVENTS,
  LIVE_EVENTS,
  STREAMS,
  emitEvent,
  type SessionStatusChanged,
} from '@greetboard/contracts';
import {
  BUS_CLIENT,
  type BusClient,
  classPayload,
  defineStreamConsumer,
  type DurableStreams,
  type StreamConsumer,
  type StreamMessage,
} from '@greetboard/transport';
import { DOMAIN_STREAMS } from '../auth.tokens.js';
import { SettingsService } from '../settings/settings.service.js';
import { isTransientTwitchFailure, TwitchClient } from '../twitch/twitch-client.js';
import { TwitchTokenVault } from '../twitch/twitch-token-vault.js';
import { UsersService } from '../users/users.service.js';
import { announcementText } from './announcement-text.js';

/** Replicas share this durable consumer, so each event is announced by one of them. */
export const ANNOUNCEMENTS_DURABLE = 'auth-session-announcements-v1';
/** One try and one retry: an announcement is a courtesy, never worth holding the stream. */
const MAX_ATTEMPTS = 2;
const RETRY_DELAY_MS = 1_000;
/** An event this old (auth was down, or a consumer catching up) is no news for the chat. */
const STALE_AFTER_MS = 10 * 60_000;

/**
 * Announces sessions starting and stopping in the owner's chat (Helix chat/messages, as the
 * broadcaster, with their token) when the owner's announceSessionStatus setting is on.
 * Failures are logged with the session id and dropped after MAX_ATTEMPTS; the handler never
 * throws, so a failing announcement is never redelivered and never blocks other events.
 * Delivery is at least once: a redelivered batch (a crash mid-batch) may announce twice.
 */
@Injectable()
export class SessionAnnouncer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(SessionAnnouncer.name);
  private consumer: StreamConsumer | undefined;

  constructor(
    @Inject(DOMAIN_STREAMS) private readonly streams: DurableStreams,
    private readonly users: UsersService,
    private readonly settings: SettingsService,
    private readonly tokens: TwitchTokenVault,
    private readonly twitch: TwitchClient,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { subject, payload } = DOMAIN_EVENTS.sessionStatusChanged;
    this.consumer = await this.streams.consume(
      defineStreamConsumer({
        stream: STREAMS.domainEvents.name,
        durable: ANNOUNCEMENTS_DURABLE,
        filterSubject: subject,
        payload: classPayload(payload),
        maxBatch: 50,
      }),
      (batch) => this.handle(batch),
    );
  }

  /** Before the process's runtime closes the streams. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  /** Owners in parallel; one owner's events in stream order, so "ended" never precedes "started". */
  async handle(batch: StreamMessage<SessionStatusChanged>[]): Promise<void> {
    const byOwner = new Map<string, SessionStatusChanged[]>();
    for (const { data: event } of batch)
      byOwner.set(event.ownerId, [...(byOwner.get(event.ownerId) ?? []), event]);
    await Promise.all(
      [...byOwner.values()].map(async (events) => {
        for (const event of events) await this.announce(event);
      }),
    );
  }

  /**
   * Twitch took the request and dropped the message (AutoMod, a duplicate, the channel's
   * settings): the owner's open pages hear it with Twitch's reason (ADR 0044). Not retried:
   * Twitch would drop the same text again.
   */
  private async dropped(
    event: SessionStatusChanged,
    reason: { code: string; message: string },
  ): Promise<void> {
    this.logger.warn(
      `Twitch dropped the announcement of session ${event.sessionId}: ${reason.code} ${reason.message}`,
    );
    await emitEvent(this.bus, LIVE_EVENTS.relay, {
      userIds: [event.ownerId],
      type: 'announcement_dropped',
      payload: {
        sessionId: event.sessionId,
        kind: event.isActive ? 'session_started' : 'session_ended',
        code: reason.code,
        message: reason.message,
      },
    });
  }

  private async announce(event: SessionStatusChanged): Promise<void> {
    try {
      if (Date.now() - Date.parse(event.at) > STALE_AFTER_MS) return;
      const settings = await this.settings.get(event.ownerId);
      if (!settings.announceSessionStatus) return;
      const owner = await this.users.findById(event.ownerId);
      if (!owner) return;
      const text = announcementText(event.name, event.isActive, settings.language);
      for (let attempt = 1; ; attempt++) {
        try {
          const result = await this.tokens.withAccessToken(owner.id, (token) =>
            this.twitch.sendChatMessage(token, owner.twitchId, text),
          );
          if (result === null) {
            this.logger.warn(`Not announcing session ${event.sessionId}: the owner has no token`);
          } else if (!result.sent) {
            await this.dropped(event, result.dropReason ?? { code: 'unknown', message: '' });
          }
          return;
        } catch (error) {
          if (attempt >= MAX_ATTEMPTS || !isTransientTwitchFailure(error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
        }
      }
    } catch (error) {
      const status = (error as { details?: { status?: number } }).details?.status;
      this.logger.warn(
        `Could not announce session ${event.sessionId} (${event.isActive ? 'started' : 'ended'}): ` +
          `${error instanceof Error ? error.message : String(error)}${status ? ` (HTTP ${status})` : ''}`,
      );
    }
  }
}
