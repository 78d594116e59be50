import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PRESENCE_EVENTS, PresenceSyncRequest, ReplicaPresence } from '@greetboard/contracts';
import { OnEvent, rpcValidationPipe } from '@greetboard/transport';
import { LivePresence } from './live-presence.js';

/** Other gateway replicas' presence; every replica listens outside any queue group. */
@Controller()
export class PresenceHandler {
  constructor(private readonly presence: LivePresence) {}

  @OnEvent(PRESENCE_EVENTS.presence)
  presenceReported(@Payload(rpcValidationPipe()) presence: ReplicaPresence): void {
    this.presence.receive(presence);
  }

  @OnEvent(PRESENCE_EVENTS.sync)
  syncRequested(@Payload(rpcValidationPipe()) request: PresenceSyncRequest): void {
    this.presence.syncRequested(request.replicaId);
  }
}
