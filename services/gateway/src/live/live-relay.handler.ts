import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AUTH_EVENTS,
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
  constructor(private readonly hub: LiveHub) {}

  @OnEvent(LIVE_EVENTS.relay)
  relay(@Payload(rpcValidationPipe()) envelope: LiveEventEnvelope): void {
    this.hub.deliver(envelope);
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
