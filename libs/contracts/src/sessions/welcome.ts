import { IsBoolean, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { defineRequest } from '../messaging/definitions.js';
import { SUBJECTS } from '../wire/subjects.js';
import { SessionIdRequest, withActor } from './session-requests.js';
import type {
  RaidShoutoutDto,
  ShoutoutResult,
  WelcomeMessageDto,
  WelcomeSettingsDto,
  WelcomeTemplates,
} from './welcome-dtos.js';

export * from './welcome-dtos.js';

/**
 * A template longer than this is refused with WELCOME_MESSAGE_TOO_LONG by the service; the
 * transport cap is higher so that the service, not the validation pipe, names the problem.
 */
const TEMPLATE_TRANSPORT_CAP = 2_000;
/** Twitch user ids are digits. */
export const TWITCH_ID_PATTERN = /^[0-9]{1,20}$/;

/** `PUT /api/sessions/{id}/welcome`: any of the settings; the others stay. */
export class UpdateWelcomeBody implements Partial<WelcomeTemplates> {
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(TEMPLATE_TRANSPORT_CAP)
  firstTime?: string;

  @IsOptional()
  @IsString()
  @MaxLength(TEMPLATE_TRANSPORT_CAP)
  returning?: string;

  @IsOptional()
  @IsString()
  @MaxLength(TEMPLATE_TRANSPORT_CAP)
  raider?: string;

  @IsOptional()
  @IsBoolean()
  shoutoutRaiders?: boolean;
}

export class UpdateWelcomeRequest extends withActor(UpdateWelcomeBody) {
  @IsUUID()
  sessionId: string;
}

/** `POST /api/sessions/{id}/shoutouts`: the channel to shout out. */
export class ShoutoutBody {
  @IsString()
  @Matches(TWITCH_ID_PATTERN)
  twitchId: string;
}

export class ShoutoutRequest extends withActor(ShoutoutBody) {
  @IsUUID()
  sessionId: string;
}

/** Welcome messages in chat and shoutouts of a session (ADR 0054). */
export const WELCOME_REQUESTS = {
  getWelcome: defineRequest<SessionIdRequest, WelcomeSettingsDto>(
    SUBJECTS.sessions.getWelcome,
    SessionIdRequest,
  ),
  updateWelcome: defineRequest<UpdateWelcomeRequest, WelcomeSettingsDto>(
    SUBJECTS.sessions.updateWelcome,
    UpdateWelcomeRequest,
  ),
  listWelcomeMessages: defineRequest<SessionIdRequest, WelcomeMessageDto[]>(
    SUBJECTS.sessions.listWelcomeMessages,
    SessionIdRequest,
  ),
  sendShoutout: defineRequest<ShoutoutRequest, ShoutoutResult>(
    SUBJECTS.sessions.sendShoutout,
    ShoutoutRequest,
  ),
  listRaidShoutouts: defineRequest<SessionIdRequest, RaidShoutoutDto[]>(
    SUBJECTS.sessions.listRaidShoutouts,
    SessionIdRequest,
  ),
};

/** Asks auth to post in the user's own chat as the user. */
export class OwnChatMessageRequest {
  @IsUUID()
  userId: string;

  @IsString()
  @MaxLength(500)
  message: string;
}

/** Asks auth for a shoutout from the user's channel to `toTwitchId`. */
export class OwnShoutoutRequest {
  @IsUUID()
  userId: string;

  @Matches(TWITCH_ID_PATTERN)
  toTwitchId: string;
}

export class TwitchScopesRequest {
  @IsUUID()
  userId: string;
}

/** What Helix answered to Send Chat Message: sent, or Twitch's reason for dropping it. */
export interface OwnChatMessageResult {
  sent: boolean;
  dropReason: { code: string; message: string } | null;
}

/** The scopes of the user's stored Twitch token; null when the user has none. */
export interface TwitchScopesAnswer {
  scopes: string[] | null;
}

/** Auth's side: the calls that need the streamer's Twitch token (ADR 0046, 0054). */
export const TWITCH_CHAT_REQUESTS = {
  sendOwnChatMessage: defineRequest<OwnChatMessageRequest, OwnChatMessageResult>(
    SUBJECTS.auth.sendOwnChatMessage,
    OwnChatMessageRequest,
  ),
  sendShoutout: defineRequest<OwnShoutoutRequest, ShoutoutResult>(
    SUBJECTS.auth.sendShoutout,
    OwnShoutoutRequest,
  ),
  twitchScopes: defineRequest<TwitchScopesRequest, TwitchScopesAnswer>(
    SUBJECTS.auth.twitchScopes,
    TwitchScopesRequest,
  ),
};
