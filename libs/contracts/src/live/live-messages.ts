import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

import {
  MAX_KEYWORD_LENGTH,
  MAX_KEYWORDS,
  type ClientMessagePayloads,
  type ClientMessageType,
} from '../wire/live-messages.js';

/** The classes that validate client messages on the live channel before a handler sees them. */

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

/** A soft claim of one chatter in a joined session (ADR 0034). */
export class ClaimChatterPayload {
  @IsUUID()
  sessionId: string;

  @IsUUID()
  chatterId: string;
}

export class ReleaseChatterPayload {
  @IsUUID()
  sessionId: string;
}

export const CLIENT_MESSAGE_PAYLOADS = {
  auth: AuthPayload,
  start_session: StartSessionPayload,
  join_session: JoinSessionPayload,
  leave_session: SessionRefPayload,
  stop_session: SessionRefPayload,
  update_keywords: UpdateKeywordsPayload,
  claim_chatter: ClaimChatterPayload,
  release_chatter: ReleaseChatterPayload,
} as const satisfies { [K in ClientMessageType]: new () => ClientMessagePayloads[K] };
