import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  ActorRequest,
  CreateSessionRequest,
  ReportStreamRequest,
  SESSIONS_REQUESTS,
  SessionIdRequest,
  UpdateSessionRequest,
  type DeleteSessionResult,
  type SessionDto,
  type StreamReport,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { SessionsService } from './sessions.service.js';

@Controller()
export class SessionsHandler {
  constructor(private readonly sessions: SessionsService) {}

  @OnRequest(SESSIONS_REQUESTS.listSessions)
  list(@Payload() request: ActorRequest): Promise<SessionDto[]> {
    return this.sessions.listVisible(request.actor);
  }

  @OnRequest(SESSIONS_REQUESTS.createSession)
  create(@Payload() request: CreateSessionRequest): Promise<SessionDto> {
    return this.sessions.create(request);
  }

  @OnRequest(SESSIONS_REQUESTS.updateSession)
  update(@Payload() request: UpdateSessionRequest): Promise<SessionDto> {
    return this.sessions.update(request);
  }

  @OnRequest(SESSIONS_REQUESTS.deleteSession)
  delete(@Payload() request: SessionIdRequest): Promise<DeleteSessionResult> {
    return this.sessions.delete(request.actor, request.sessionId);
  }

  @OnRequest(SESSIONS_REQUESTS.adminListSessions)
  listAll(@Payload() request: ActorRequest): Promise<SessionDto[]> {
    return this.sessions.listAll(request.actor);
  }

  /** Auth's word on an owner's stream (ADR 0045). */
  @OnRequest(SESSIONS_REQUESTS.reportStream)
  reportStream(@Payload() request: ReportStreamRequest): Promise<StreamReport> {
    return this.sessions.reportStream(request);
  }

  @OnRequest(SESSIONS_REQUESTS.forceStopSession)
  forceStop(@Payload() request: SessionIdRequest): Promise<SessionDto> {
    return this.sessions.forceStop(request.actor, request.sessionId);
  }
}
