import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { defineRequest } from '../messaging/definitions.js';
import type { ChatterDto, SessionDto } from '../entities/entities.js';
import { SessionActor } from './actor.js';
import { MAX_KEYWORDS_TEXT_LENGTH } from './keywords.js';
import {
  INVITE_STATUSES,
  type ChatterChanges,
  type ChatterListVersion,
  type ChatterPage,
  type DeleteSessionResult,
  type GlobalEditorDto,
  type GlobalEditorInviteDto,
  type IgnoredUserDto,
  type InviteStatus,
} from './session-dtos.js';

export const MAX_SESSION_NAME_LENGTH = 100;
export const MAX_IGNORE_REASON_LENGTH = 200;
/** Twitch logins as people type them: any case, trimmed by the service. */
export const USERNAME_INPUT_PATTERN = /^\s*[A-Za-z0-9_]{1,25}\s*$/;

/** Every sessions request carries the actor; the service decides what the actor may do. */
export class ActorRequest {
  @ValidateNested()
  @Type(() => SessionActor)
  actor: SessionActor;
}

export class CreateSessionRequest extends ActorRequest {
  @IsString()
  @MaxLength(MAX_SESSION_NAME_LENGTH)
  name: string;

  /** JSON-encoded list of strings; malformed is read as an empty list. */
  @IsOptional()
  @IsString()
  @MaxLength(MAX_KEYWORDS_TEXT_LENGTH)
  keywords?: string;
}

export class SessionIdRequest extends ActorRequest {
  @IsUUID()
  sessionId: string;
}

/** `PUT /api/sessions/{id}`: rename, new keywords, or start/stop through `isActive`. */
export class UpdateSessionRequest extends SessionIdRequest {
  @IsOptional()
  @IsString()
  @MaxLength(MAX_SESSION_NAME_LENGTH)
  name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_KEYWORDS_TEXT_LENGTH)
  keywords?: string;

  @IsOptional()
  @IsBoolean()
  isActive?: boolean;
}

export class ChatterPageRequest extends SessionIdRequest {
  /** Opaque cursor from the previous page's `next`. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  after?: string;
}

/** The chatters changed after a list version the caller already holds. */
export class ChatterChangesRequest extends SessionIdRequest {
  @Matches(/^\d{1,19}$/)
  sinceVersion: string;
}

export class GreetChatterRequest extends ActorRequest {
  @IsUUID()
  chatterId: string;

  @IsBoolean()
  isGreeted: boolean;
}

export class AddIgnoredUserRequest extends ActorRequest {
  @Matches(USERNAME_INPUT_PATTERN)
  username: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_IGNORE_REASON_LENGTH)
  reason?: string;
}

export class IdRequest extends ActorRequest {
  @IsUUID()
  id: string;
}

export class InviteEditorRequest extends ActorRequest {
  @Matches(USERNAME_INPUT_PATTERN)
  username: string;

  @IsIn(['editor'])
  role: 'editor';
}

export class AnswerInviteRequest extends IdRequest {
  @IsIn(INVITE_STATUSES.filter((status) => status !== 'pending'))
  status: Exclude<InviteStatus, 'pending'>;
}

const request = defineRequest;

/** Everything the sessions service answers over the bus (ARCHITECTURE: owns sessions, chatters, ignore lists, editors). */
export const SESSIONS_REQUESTS = {
  listSessions: request<ActorRequest, SessionDto[]>('sessions.session.list.v1', ActorRequest),
  createSession: request<CreateSessionRequest, SessionDto>(
    'sessions.session.create.v1',
    CreateSessionRequest,
  ),
  updateSession: request<UpdateSessionRequest, SessionDto>(
    'sessions.session.update.v1',
    UpdateSessionRequest,
  ),
  deleteSession: request<SessionIdRequest, DeleteSessionResult>(
    'sessions.session.delete.v1',
    SessionIdRequest,
  ),
  adminListSessions: request<ActorRequest, SessionDto[]>(
    'sessions.session.admin-list.v1',
    ActorRequest,
  ),
  forceStopSession: request<SessionIdRequest, SessionDto>(
    'sessions.session.force-stop.v1',
    SessionIdRequest,
  ),
  chatterListVersion: request<SessionIdRequest, ChatterListVersion>(
    'sessions.chatter.list-version.v1',
    SessionIdRequest,
  ),
  listChatters: request<ChatterPageRequest, ChatterPage>(
    'sessions.chatter.list.v1',
    ChatterPageRequest,
  ),
  listChatterChanges: request<ChatterChangesRequest, ChatterChanges>(
    'sessions.chatter.changes.v1',
    ChatterChangesRequest,
  ),
  greetChatter: request<GreetChatterRequest, ChatterDto>(
    'sessions.chatter.greet.v1',
    GreetChatterRequest,
  ),
  listIgnoredUsers: request<ActorRequest, IgnoredUserDto[]>(
    'sessions.ignored-user.list.v1',
    ActorRequest,
  ),
  addIgnoredUser: request<AddIgnoredUserRequest, IgnoredUserDto>(
    'sessions.ignored-user.add.v1',
    AddIgnoredUserRequest,
  ),
  removeIgnoredUser: request<IdRequest, { id: string }>(
    'sessions.ignored-user.remove.v1',
    IdRequest,
  ),
  listGlobalEditors: request<ActorRequest, GlobalEditorDto[]>(
    'sessions.global-editor.list.v1',
    ActorRequest,
  ),
  inviteGlobalEditor: request<InviteEditorRequest, GlobalEditorInviteDto>(
    'sessions.global-editor.invite.v1',
    InviteEditorRequest,
  ),
  removeGlobalEditor: request<IdRequest, { id: string }>(
    'sessions.global-editor.remove.v1',
    IdRequest,
  ),
  listInvites: request<ActorRequest, GlobalEditorInviteDto[]>(
    'sessions.global-editor-invite.list.v1',
    ActorRequest,
  ),
  answerInvite: request<AnswerInviteRequest, GlobalEditorInviteDto>(
    'sessions.global-editor-invite.answer.v1',
    AnswerInviteRequest,
  ),
} as const;
