import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  Max,
  Min,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  MinLength,
  IsObject,
  ValidateNested,
} from 'class-validator';
import { Transform, Type } from 'class-transformer';
import { TWITCH_LOGIN_PATTERN } from '../chat/chat-line.js';
import type { UserDto } from '../entities/entities.js';
import type {
  LoginAccess,
  LoginSessionEndReason,
  OverlayLinkLook,
} from '../login-sessions/overlay-links.js';
import { defineEvent, defineRequest } from '../messaging/definitions.js';
import { SUBJECTS } from '../wire/subjects.js';
import { SESSION_ID_PATTERN } from '../wire/tokens.js';
import type { UserDataCount } from '../users/user-data.js';

/**
 * Requests the gateway sends to the auth service: sign-in, login sessions, settings and user
 * administration. The Twitch client secret and users' Twitch tokens never leave auth, so the
 * gateway only relays the OAuth `code` and `state`.
 */

/** OAuth `state` values have the same shape as session ids. */
export const OAUTH_STATE_PATTERN = SESSION_ID_PATTERN;

export class BeginSignInRequest {
  /** Where the gateway was reached, only for the log; the redirect URI comes from PUBLIC_URL. */
  @IsOptional()
  @IsString()
  @MaxLength(64)
  client?: string;
}

export interface BeginSignInResponse {
  authorizeUrl: string;
  state: string;
  /** How long the state stays valid, so the gateway can expire its cookie at the same time. */
  stateTtlSeconds: number;
}

export class CompleteSignInRequest {
  @IsString()
  @MinLength(1)
  @MaxLength(512)
  code: string;

  @Matches(OAUTH_STATE_PATTERN)
  state: string;

  /** The browser's login session before sign-in, ended so that an id is never reused. */
  @IsOptional()
  @Matches(SESSION_ID_PATTERN)
  previousSessionId?: string;

  /** The signing-in browser's User-Agent, shown summarised in its settings (ADR 0046). */
  @IsOptional()
  @IsString()
  @MaxLength(512)
  userAgent?: string;

  /** The address the browser signed in from, as the gateway sees it. */
  @IsOptional()
  @IsString()
  @MaxLength(64)
  ipAddress?: string;
}

export interface CompleteSignInResponse {
  sessionId: string;
  /** When the login session ends at the latest (absolute lifetime), ISO 8601. */
  expiresAt: string;
  user: UserDto;
}

export class SessionRequest {
  @Matches(SESSION_ID_PATTERN)
  sessionId: string;
}

export interface ResolveSessionResponse {
  user: UserDto | null;
  /** What the session may do; absent from replicas older than overlay links ('browser'). */
  access?: LoginAccess;
  /** An overlay link's look (ADR 0056); absent for a browser. */
  overlayLook?: OverlayLinkLook;
  /** With no user: why Greetboard ended the session the browser presented, if it did. */
  endedBecause?: LoginSessionEndReason;
}

export class UserRequest {
  @IsUUID()
  userId: string;
}

export const THEMES = ['dark', 'light'] as const;
export const LANGUAGES = ['en', 'de', 'es', 'fr'] as const;
export type Theme = (typeof THEMES)[number];
export type Language = (typeof LANGUAGES)[number];
/** Default keywords are a JSON-encoded list of strings, as in sessions. */
export const MAX_DEFAULT_KEYWORDS_LENGTH = 6_000;

/** The spec's user settings. `defaultKeywords` is a JSON-encoded list of strings. */
export interface UserSettingsDto {
  soundNotifications: boolean;
  autoStartSessions: boolean;
  obsMode: boolean;
  announceSessionStatus: boolean;
  theme: Theme;
  defaultKeywords: string;
  language: Language;
  /**
   * How long an auto-started session waits for its stream to come back after it goes offline
   * before it stops (ADR 0045); 0 stops it at once.
   */
  autoStartGraceMinutes: number;
}

export const MAX_AUTO_START_GRACE_MINUTES = 120;

export const DEFAULT_USER_SETTINGS: UserSettingsDto = {
  soundNotifications: false,
  autoStartSessions: false,
  obsMode: false,
  announceSessionStatus: false,
  theme: 'dark',
  defaultKeywords: '[]',
  language: 'en',
  autoStartGraceMinutes: 10,
};

/** A change to settings: any subset of the fields, merged into what is stored. */
export class SettingsChanges {
  @IsOptional()
  @IsBoolean()
  soundNotifications?: boolean;

  @IsOptional()
  @IsBoolean()
  autoStartSessions?: boolean;

  @IsOptional()
  @IsBoolean()
  obsMode?: boolean;

  @IsOptional()
  @IsBoolean()
  announceSessionStatus?: boolean;

  @IsOptional()
  @IsIn(THEMES, { message: `theme must be one of: ${THEMES.join(', ')}` })
  theme?: Theme;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_DEFAULT_KEYWORDS_LENGTH)
  defaultKeywords?: string;

  @IsOptional()
  @IsIn(LANGUAGES, { message: `language must be one of: ${LANGUAGES.join(', ')}` })
  language?: Language;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_AUTO_START_GRACE_MINUTES)
  autoStartGraceMinutes?: number;
}

export class UpdateSettingsRequest {
  @IsUUID()
  userId: string;

  @IsObject()
  @ValidateNested()
  @Type(() => SettingsChanges)
  changes: SettingsChanges;
}

/** A row of the admin panel's user table. */
export interface AdminUserDto extends UserDto {
  createdAt: string;
  _count: UserDataCount;
}

export const USER_ADMIN_ACTIONS = [
  'approve',
  'reject',
  'promote',
  'demote',
  'force-logout',
] as const;
export type UserAdminAction = (typeof USER_ADMIN_ACTIONS)[number];

export class UserAdminActionRequest {
  @IsUUID()
  actorId: string;

  @IsUUID()
  userId: string;

  @IsIn(USER_ADMIN_ACTIONS)
  action: UserAdminAction;
}

export class DeleteUserRequest {
  @IsUUID()
  userId: string;

  /** The admin deleting someone else; unset when users delete their own account. */
  @IsOptional()
  @IsUUID()
  actorId?: string;
}

export interface DeleteUserResponse {
  deletedData: UserDataCount;
}

/** People type logins in any case and with stray spaces; Twitch logins are lower-case. */
const normaliseLogin = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** A Twitch login: the admin search's query and import body, and the request auth answers. */
export class TwitchLoginRequest {
  @Transform(normaliseLogin)
  @IsString()
  @MaxLength(25)
  @Matches(TWITCH_LOGIN_PATTERN, {
    message: 'username must be a Twitch login (letters, digits, underscores; 1-25)',
  })
  username: string;
}

/** A Twitch account as Helix describes it, in the product's words. */
export interface TwitchUserDto {
  twitchId: string;
  username: string;
  displayName: string;
  profileImage: string | null;
  /** Mirrors the database user when there is one (spec: every search result has it). */
  isApproved: boolean;
}

export interface UserSearchResponse {
  found: boolean;
  inDatabase: boolean;
  user: UserDto | null;
  twitchUser: TwitchUserDto | null;
}

export interface ImportUserResponse {
  /** False when the user was already in the database (nothing changed). */
  created: boolean;
  user: UserDto;
}

/** Helix answers at most 100 users a call. */
export const TWITCH_USERS_PER_CALL = 100;

/** Twitch user ids whose profile images the sessions service wants (one Helix call). */
export class TwitchUserProfilesRequest {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(TWITCH_USERS_PER_CALL)
  @Matches(/^[0-9]{1,20}$/, { each: true, message: 'twitchIds must be Twitch user ids' })
  twitchIds: string[];
}

/** The users Helix knows among those asked for; an id Twitch does not know is left out. */
export interface TwitchUserProfiles {
  profiles: {
    twitchId: string;
    profileImage: string | null;
    /** Helix `created_at`; absent from an older auth (ADR 0055). */
    createdAt?: string | null;
  }[];
}

/** The admin user list takes no parameters. */
export class ListUsersRequest {}

export const AUTH_REQUESTS = {
  beginSignIn: defineRequest<BeginSignInRequest, BeginSignInResponse>(
    SUBJECTS.auth.beginSignIn,
    BeginSignInRequest,
  ),
  completeSignIn: defineRequest<CompleteSignInRequest, CompleteSignInResponse>(
    SUBJECTS.auth.completeSignIn,
    CompleteSignInRequest,
  ),
  resolveSession: defineRequest<SessionRequest, ResolveSessionResponse>(
    SUBJECTS.auth.resolveSession,
    SessionRequest,
  ),
  endSession: defineRequest<SessionRequest, { ended: boolean }>(
    SUBJECTS.auth.endSession,
    SessionRequest,
  ),
  getSettings: defineRequest<UserRequest, UserSettingsDto>(SUBJECTS.auth.getSettings, UserRequest),
  updateSettings: defineRequest<UpdateSettingsRequest, UserSettingsDto>(
    SUBJECTS.auth.updateSettings,
    UpdateSettingsRequest,
  ),
  listUsers: defineRequest<ListUsersRequest, AdminUserDto[]>(
    SUBJECTS.auth.listUsers,
    ListUsersRequest,
  ),
  administerUser: defineRequest<UserAdminActionRequest, UserDto>(
    SUBJECTS.auth.administerUser,
    UserAdminActionRequest,
  ),
  deleteUser: defineRequest<DeleteUserRequest, DeleteUserResponse>(
    SUBJECTS.auth.deleteUser,
    DeleteUserRequest,
  ),
  searchTwitchUser: defineRequest<TwitchLoginRequest, UserSearchResponse>(
    SUBJECTS.auth.searchTwitchUser,
    TwitchLoginRequest,
  ),
  importTwitchUser: defineRequest<TwitchLoginRequest, ImportUserResponse>(
    SUBJECTS.auth.importTwitchUser,
    TwitchLoginRequest,
  ),
  twitchUserProfiles: defineRequest<TwitchUserProfilesRequest, TwitchUserProfiles>(
    SUBJECTS.auth.twitchUserProfiles,
    TwitchUserProfilesRequest,
  ),
} as const;

/** Why every login session of a user ended. */
export const SESSIONS_ENDED_REASONS = [
  'logout',
  'force-logout',
  'rejected',
  'deleted',
  /** Twitch no longer honours the user's grant: browsers end, overlay links stay (ADR 0044). */
  'twitch-revoked',
] as const;

export class UserSessionsEnded {
  @IsUUID()
  userId: string;

  @IsIn(SESSIONS_ENDED_REASONS)
  reason: (typeof SESSIONS_ENDED_REASONS)[number];
}

export const AUTH_EVENTS = {
  /** Every login session of a user ended: gateways close that user's live sockets. */
  sessionsEnded: defineEvent<UserSessionsEnded>(SUBJECTS.auth.sessionsEnded, UserSessionsEnded),
} as const;
