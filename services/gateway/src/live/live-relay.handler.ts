import { Controller, Logger } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AUTH_EVENTS,
  CHAT_INGEST_EVENTS,
  ChatConnectionChanged,
  isLiveChatterMessages,
  isLiveChattersEvent,
  LIVE_EVENTS,
  LiveEventEnvelope,
  LOGIN_SESSION_EVENTS,
  LoginSessionEnded,
  UserSessionsEnded,
} from '@greetboard/contracts';
import { OnEvent, rpcValidationPipe } from '@greetboard/transport';
import { SessionAccessCache } from '../sessions/session-access-cache.js';
import { LiveHub } from './live-hub.js';

/**
 * Bus events for browsers. Every gateway replica listens outside any queue group, so each
 * one receives each event and writes it to the sockets it holds. The same events keep the
 * replica's session access current.
 */
@Controller()
export class LiveRelayHandler {
  private readonly logger = new Logger('live-relay');

  constructor(
    private readonly hub: LiveHub,
    private readonly access: SessionAccessCache,
  ) {}

  @OnEvent(LIVE_EVENTS.relay)
  relay(@Payload(rpcValidationPipe()) envelope: LiveEventEnvelope): void {
    this.keepViews(envelope);
    this.hub.deliver(envelope);
  }

  private keepViews(envelope: LiveEventEnvelope): void {
    // Sent to the session's room when the session is gone; to one user when they lost it.
    if (envelope.type !== 'session_deleted') return;
    this.access.forgetSession((envelope.payload as { id: string }).id);
  }

  /**
   * The chat pipeline's event (ADR 0060), one for nearly every batch of chat lines, with the
   * spec's messages of all its sessions: checked by a hand-written guard (the chat path's
   * volume makes class-validator its main cost here), written without being parsed.
   */
  @OnEvent(LIVE_EVENTS.chatterMessages)
  chatterMessages(@Payload() event: unknown): void {
    if (!isLiveChatterMessages(event)) {
      this.logger.warn('Dropped a malformed chatter messages event');
      return;
    }
    const refused = this.hub.deliverChatterMessages(event);
    if (refused > 0)
      this.logger.warn(`Dropped the chatter messages of ${refused} sessions: malformed lines`);
  }

  /** The same, from a sessions replica of the previous release (one event per session). */
  @OnEvent(LIVE_EVENTS.chatters)
  chatters(@Payload() event: unknown): void {
    if (!isLiveChattersEvent(event)) {
      this.logger.warn('Dropped a malformed chatters event');
      return;
    }
    this.hub.deliverChatters(event);
  }

  /**
   * A channel's chat connection changed: each of its sessions' rooms is told (the rooms are
   * the screens that show the session, each let in by the sessions service's access rule).
   */
  @OnEvent(CHAT_INGEST_EVENTS.connectionChanged)
  chatConnectionChanged(@Payload(rpcValidationPipe()) change: ChatConnectionChanged): void {
    const { status, reason, since } = change;
    for (const sessionId of change.sessionIds) {
      this.hub.deliver({
        sessionId,
        type: 'chat_connection',
        payload: { sessionId, status, reason: reason ?? null, since: since ?? null },
      });
    }
  }

  @OnEvent(LOGIN_SESSION_EVENTS.ended)
  loginSessionEnded(@Payload(rpcValidationPipe()) event: LoginSessionEnded): void {
    this.hub.closeLoginSession(event.userId, event, 'Signed out');
  }

  @OnEvent(AUTH_EVENTS.sessionsEnded)
  sessionsEnded(@Payload(rpcValidationPipe()) event: UserSessionsEnded): void {
    this.access.forgetUser(event.userId);
    // Logout everywhere and a revoked Twitch grant end browsers only; overlay links stay.
    const browsersOnly = event.reason === 'logout' || event.reason === 'twitch-revoked';
    this.hub.closeUser(event.userId, 'Signed out', browsersOnly);
  }
}
