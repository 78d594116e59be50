import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import type { PendingUsersNotice } from '../admin/admin-status.js';
import type { ChatterDto, SessionDto } from '../entities/entities.js';

/**
 * The live channel at `/ws` (spec section 7). Every message is `{ type, payload }` JSON.
 * Client messages are validated with the classes below before they reach a handler.
 */

export const MAX_LIVE_MESSAGE_BYTES = 4_096;
export const MAX_KEYWORDS = 50;
export const MAX_KEYWORD_LENGTH = 100;

export class AuthPayload {
  @IsUUID()
  userId: string;
}

export class StartSessionPayload {
  @IsUUID()
  sessionId: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_KEYWORDS)
  @IsString({ each: true })
  @MaxLength(MAX_KEYWORD_LENGTH, { each: true })
  keywords?: string[];
}

export class JoinSessionPayload {
  @IsUUID()
  sessionId: string;
}

/** `leave_session` and `stop_session` act on the joined session unless one is named. */
export class SessionRefPayload {
  @IsOptional()
  @IsUUID()
  sessionId?: string;
}

export class UpdateKeywordsPayload {
  @IsOptional()
  @IsUUID()
  sessionId?: string;

  @IsArray()
  @ArrayMaxSize(MAX_KEYWORDS)
  @IsString({ each: true })
  @MaxLength(MAX_KEYWORD_LENGTH, { each: true })
  keywords: string[];
}

export const CLIENT_MESSAGE_PAYLOADS = {
  auth: AuthPayload,
  start_session: StartSessionPayload,
  join_session: JoinSessionPayload,
  leave_session: SessionRefPayload,
  stop_session: SessionRefPayload,
  update_keywords: UpdateKeywordsPayload,
} as const;

export type ClientMessageType = keyof typeof CLIENT_MESSAGE_PAYLOADS;
export const CLIENT_MESSAGE_TYPES = Object.keys(CLIENT_MESSAGE_PAYLOADS) as ClientMessageType[];

export type ClientMessage = {
  [K in ClientMessageType]: { type: K; payload: InstanceType<(typeof CLIENT_MESSAGE_PAYLOADS)[K]> };
}[ClientMessageType];

export interface ServerMessagePayloads {
  session_started: SessionDto;
  session_stopped: SessionDto;
  session_created: SessionDto;
  session_updated: SessionDto;
  session_deleted: { id: string; name: string };
  new_chatter: ChatterDto;
  chatter_update: ChatterDto;
  user_approved: { message: string };
  user_rejected: { message: string };
  /** To admins only: how many users wait for approval (ADR 0019). */
  admin_pending_users: PendingUsersNotice;
}

export type ServerMessageType = keyof ServerMessagePayloads;

export const SERVER_MESSAGE_TYPES = [
  'session_started',
  'session_stopped',
  'session_created',
  'session_updated',
  'session_deleted',
  'new_chatter',
  'chatter_update',
  'user_approved',
  'user_rejected',
  'admin_pending_users',
] as const satisfies readonly ServerMessageType[];

export type ServerMessage = {
  [K in ServerMessageType]: { type: K; payload: ServerMessagePayloads[K] };
}[ServerMessageType];
