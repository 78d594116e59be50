import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  SESSION_SNAPSHOT_REQUESTS,
  SnapshotPageRequest,
  type ChatterSnapshot,
  type SessionSnapshot,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { SnapshotsRepository } from './snapshots.repository.js';

@Controller()
export class SnapshotsHandler {
  constructor(private readonly snapshots: SnapshotsRepository) {}

  @OnRequest(SESSION_SNAPSHOT_REQUESTS.sessions)
  sessions(@Payload() request: SnapshotPageRequest): Promise<SessionSnapshot[]> {
    return this.snapshots.sessions(request.after, request.limit);
  }

  @OnRequest(SESSION_SNAPSHOT_REQUESTS.chatters)
  chatters(@Payload() request: SnapshotPageRequest): Promise<ChatterSnapshot[]> {
    return this.snapshots.chatters(request.after, request.limit);
  }
}
