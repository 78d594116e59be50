import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  Max,
  Min,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { defineRequest } from '../messaging/definitions.js';
import { SUBJECTS } from '../wire/subjects.js';
import type { ChatterCardDto, ChatterDto, SessionDto } from '../entities/entities.js';
import { MAX_AUTO_START_GRACE_MINUTES } from '../auth/auth-messages.js';
import { SessionActor } from './actor.js';
import { MAX_KEYWORDS_TEXT_LENGTH } from './keywords.js';
import {
  INVITE_STATUSES,
  type ChatterListVersion,
  type ChatterPage,
  type ChatterView,
  type DeleteSessionResult,
  type GlobalEditorDto,
  type GlobalEditorInviteDto,
  type IgnoredUserDto,
  type InviteStatus,
} from './session-dtos.js';

export const MAX_SESSION_NAME_LENGTH = 100;
/** Twitch allows 140 characters; a little room for what it may change. */
export const MAX_STREAM_TITLE_LENGTH = 300;
export const MAX_IGNORE_REASON_LENGTH = 200;
/** Twitch logins as people type them: any case, trimmed by the service. */
export const USERNAME_INPUT_PATTERN = /^\s*[A-Za-z0-9_]{1,25}\s*$/;

/** Every sessions request carries the actor; the service decides what the actor may do. */
export class ActorRequest {
  @ValidateNested()
  @Type(() => SessionActor)
  actor: SessionActor;
}

/**
 * The sessions request for an HTTP body: the body's class with the actor added. The gateway
 * validates the body with the body's class (a client cannot send an actor) and the service
 * validates the request with the result, so both check the same rules.
 */
// A mixin's base must be constructible with any arguments (TypeScript's rule for mixins).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function withActor<TBody extends new (...args: any[]) => object>(Body: TBody) {
  class BodyWithActor extends Body {
    @ValidateNested()
    @Type(() => SessionActor)
    actor: SessionActor;
  }
  return BodyWithActor;
}

/** `{id}` in a path: anything but a UUID is a 400, never a lookup. */
export class IdParams {
  @IsUUID()
  id: string;
}

/** `POST /api/sessions`. */
export class CreateSessionBody {
  @IsString()
  @MaxLength(MAX_SESSION_NAME_LENGTH)
  name: string;

  /** JSON-encoded list of strings; malformed is read as an empty list. */
  @IsOptional()
  @IsString()
  @MaxLength(MAX_KEYWORDS_TEXT_LENGTH)
  keywords?: string;
}

/** `PUT /api/sessions/{id}`: rename, new keywords, or start/stop through `isActive`. */
export class UpdateSessionBody {
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

/** `PUT /api/chatters/{id}/greet`. */
export class GreetChatterBody {
  @IsBoolean()
  isGreeted: boolean;
}

/** `POST /api/ignored-users`. */
export class AddIgnoredUserBody {
  @IsString()
  @Matches(USERNAME_INPUT_PATTERN)
  username: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_IGNORE_REASON_LENGTH)
  reason?: string;
}

/** `POST /api/global-editors`. */
export class InviteEditorBody {
  @IsString()
  @Matches(USERNAME_INPUT_PATTERN)
  username: string;

  @IsIn(['editor'])
  role: 'editor';
}

/** `PUT /api/global-editor-invites/{id}`. */
export class AnswerInviteBody {
  @IsIn(INVITE_STATUSES.filter((status) => status !== 'pending'))
  status: Exclude<InviteStatus, 'pending'>;
}

export class CreateSessionRequest extends withActor(CreateSessionBody) {}

export class SessionIdRequest extends ActorRequest {
  @IsUUID()
  sessionId: string;
}

export class UpdateSessionRequest extends withActor(UpdateSessionBody) {
  @IsUUID()
  sessionId: string;
}

export class ChatterPageRequest extends SessionIdRequest {
  /** Opaque cursor from the previous page's `next`. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  after?: string;
}

/** How a screen orders a session's chatters (ADR 0050). */
export const CHATTER_VIEW_ORDERS = ['oldest', 'newest', 'next'] as const;
export type ChatterViewOrder = (typeof CHATTER_VIEW_ORDERS)[number];
/** The page sizes the screens offer; a page is never longer than the longest. */
export const CHATTER_VIEW_MAX_LIMIT = 100;
export const MAX_CHATTER_SEARCH_LENGTH = 50;

/**
 * The query of `GET /api/sessions/{id}/chatters/page`: one page of a session's chatters in a
 * screen's order and filters. Query strings are text, so numbers and switches are converted.
 */
export class ChatterViewQuery {
  /** By first seen: `oldest` first (the default), `newest` first, or `next`: pending first. */
  @IsOptional()
  @IsIn(CHATTER_VIEW_ORDERS)
  order?: ChatterViewOrder;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  offset?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(CHATTER_VIEW_MAX_LIMIT)
  limit?: number;

  /** Leaves greeted chatters out. */
  @IsOptional()
  @IsIn(['true', 'false'])
  hideGreeted?: 'true' | 'false';

  /** Leaves banned and timed-out chatters out. */
  @IsOptional()
  @IsIn(['true', 'false'])
  hideModerated?: 'true' | 'false';

  /** Part of a display name or username, any case. */
  @IsOptional()
  @IsString()
  @MaxLength(MAX_CHATTER_SEARCH_LENGTH)
  search?: string;
}

/** One page of a session's chatters as a screen shows it. */
export class ChatterViewRequest extends SessionIdRequest {
  @IsIn(CHATTER_VIEW_ORDERS)
  order: ChatterViewOrder;

  @IsInt()
  @Min(0)
  @Max(10_000_000)
  offset: number;

  @IsInt()
  @Min(1)
  @Max(CHATTER_VIEW_MAX_LIMIT)
  limit: number;

  @IsBoolean()
  hideGreeted: boolean;

  @IsBoolean()
  hideModerated: boolean;

  @IsString()
  @MaxLength(MAX_CHATTER_SEARCH_LENGTH)
  search: string;
}

export class GreetChatterRequest extends withActor(GreetChatterBody) {
  @IsUUID()
  chatterId: string;
}

/** `GET /api/sessions/{id}/chatters/{chatterId}`: both ids are UUIDs, else a 400. */
export class ChatterCardParams extends IdParams {
  @IsUUID()
  chatterId: string;
}

/** One chatter of a session with what its card adds to the row (ADR 0055). */
export class ChatterCardRequest extends SessionIdRequest {
  @IsUUID()
  chatterId: string;
}

export class AddIgnoredUserRequest extends withActor(AddIgnoredUserBody) {}

export class IdRequest extends withActor(IdParams) {}

export class InviteEditorRequest extends withActor(InviteEditorBody) {}

export class AnswerInviteRequest extends withActor(AnswerInviteBody) {
  @IsUUID()
  id: string;
}

/**
 * Auth's word on the owner's stream (ADR 0045): sessions applies it to the channel's running
 * session and, for auto-start, starts one when the stream goes live with none running.
 */
export class ReportStreamRequest extends ActorRequest {
  @IsBoolean()
  live: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_STREAM_TITLE_LENGTH)
  title?: string | null;

  /** When the stream went live or offline (ISO 8601). */
  @IsISO8601()
  since: string;

  /** The owner's autoStartSessions setting. */
  @IsBoolean()
  autoStart: boolean;

  /** The owner's autoStartGraceMinutes setting. */
  @IsInt()
  @Min(0)
  @Max(MAX_AUTO_START_GRACE_MINUTES)
  graceMinutes: number;

  /** The owner's default keywords, for a session auto-start creates. */
  @IsOptional()
  @IsString()
  @MaxLength(MAX_KEYWORDS_TEXT_LENGTH)
  keywords?: string;
}

export const STREAM_REPORT_OUTCOMES = ['created', 'continued', 'updated', 'none'] as const;

export interface StreamReport {
  /** What the report did: started a session, kept one going, only noted the stream, nothing. */
  outcome: (typeof STREAM_REPORT_OUTCOMES)[number];
  sessionId: string | null;
}

const request = defineRequest;

/** Everything the sessions service answers over the bus (ARCHITECTURE: owns sessions, chatters, ignore lists, editors). */
export const SESSIONS_REQUESTS = {
  listSessions: request<ActorRequest, SessionDto[]>(SUBJECTS.sessions.listSessions, ActorRequest),
  createSession: request<CreateSessionRequest, SessionDto>(
    SUBJECTS.sessions.createSession,
    CreateSessionRequest,
  ),
  updateSession: request<UpdateSessionRequest, SessionDto>(
    SUBJECTS.sessions.updateSession,
    UpdateSessionRequest,
  ),
  deleteSession: request<SessionIdRequest, DeleteSessionResult>(
    SUBJECTS.sessions.deleteSession,
    SessionIdRequest,
  ),
  adminListSessions: request<ActorRequest, SessionDto[]>(
    SUBJECTS.sessions.adminListSessions,
    ActorRequest,
  ),
  forceStopSession: request<SessionIdRequest, SessionDto>(
    SUBJECTS.sessions.forceStopSession,
    SessionIdRequest,
  ),
  reportStream: request<ReportStreamRequest, StreamReport>(
    SUBJECTS.sessions.reportStream,
    ReportStreamRequest,
  ),
  chatterListVersion: request<SessionIdRequest, ChatterListVersion>(
    SUBJECTS.sessions.chatterListVersion,
    SessionIdRequest,
  ),
  listChatters: request<ChatterPageRequest, ChatterPage>(
    SUBJECTS.sessions.listChatters,
    ChatterPageRequest,
  ),
  viewChatters: request<ChatterViewRequest, ChatterView>(
    SUBJECTS.sessions.viewChatters,
    ChatterViewRequest,
  ),
  greetChatter: request<GreetChatterRequest, ChatterDto>(
    SUBJECTS.sessions.greetChatter,
    GreetChatterRequest,
  ),
  listIgnoredUsers: request<ActorRequest, IgnoredUserDto[]>(
    SUBJECTS.sessions.listIgnoredUsers,
    ActorRequest,
  ),
  addIgnoredUser: request<AddIgnoredUserRequest, IgnoredUserDto>(
    SUBJECTS.sessions.addIgnoredUser,
    AddIgnoredUserRequest,
  ),
  removeIgnoredUser: request<IdRequest, { id: string }>(
    SUBJECTS.sessions.removeIgnoredUser,
    IdRequest,
  ),
  listGlobalEditors: request<ActorRequest, GlobalEditorDto[]>(
    SUBJECTS.sessions.listGlobalEditors,
    ActorRequest,
  ),
  inviteGlobalEditor: request<InviteEditorRequest, GlobalEditorInviteDto>(
    SUBJECTS.sessions.inviteGlobalEditor,
    InviteEditorRequest,
  ),
  removeGlobalEditor: request<IdRequest, { id: string }>(
    SUBJECTS.sessions.removeGlobalEditor,
    IdRequest,
  ),
  listInvites: request<ActorRequest, GlobalEditorInviteDto[]>(
    SUBJECTS.sessions.listInvites,
    ActorRequest,
  ),
  answerInvite: request<AnswerInviteRequest, GlobalEditorInviteDto>(
    SUBJECTS.sessions.answerInvite,
    AnswerInviteRequest,
  ),
  chatterCard: request<ChatterCardRequest, ChatterCardDto>(
    SUBJECTS.sessions.chatterCard,
    ChatterCardRequest,
  ),
} as const;
