import { Controller, Logger } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AUTH_EVENTS,
  isLiveChattersEvent,
  LIVE_EVENTS,
  LiveEventEnvelope,
  LOGIN_SESSION_EVENTS,
  LoginSessionEnded,
  UserSessionsEnded,
} from '@greetboard/contracts';
import { OnEvent, rpcValidationPipe } from '@greetboard/transport';
import { LiveHub } from './live-hub.js';

/**
 * Bus events for browsers. Every gateway replica listens outside any queue group, so each
 * one receives each event and writes it to the sockets it holds.
 */
@Controller()
export class LiveRelayHandler {
  private readonly logger = new Logger('live-relay');

  constructor(private readonly hub: LiveHub) {}

  @OnEvent(LIVE_EVENTS.relay)
  relay(@Payload(rpcValidationPipe()) envelope: LiveEventEnvelope): void {
    this.hub.deliver(envelope);
  }

  /**
   * The chat pipeline's event, one per session and batch of chat lines: checked by a
   * hand-written guard (the chat path's volume makes class-validator its main cost here).
   */
  @OnEvent(LIVE_EVENTS.chatters)
  chatters(@Payload() event: unknown): void {
    if (!isLiveChattersEvent(event)) {
      this.logger.warn('Dropped a malformed chatters event');
      return;
    }
    this.hub.deliverChatters(event);
  }

  @OnEvent(LOGIN_SESSION_EVENTS.ended)
  loginSessionEnded(@Payload(rpcValidationPipe()) event: LoginSessionEnded): void {
    this.hub.closeLoginSession(event.userId, event, 'Signed out');
  }

  @OnEvent(AUTH_EVENTS.sessionsEnded)
  sessionsEnded(@Payload(rpcValidationPipe()) event: UserSessionsEnded): void {
    this.hub.closeUser(event.userId, 'Signed out', event.reason === 'logout');
  }
}
