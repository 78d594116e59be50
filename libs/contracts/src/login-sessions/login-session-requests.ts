import { IsOptional, IsUUID, Matches } from 'class-validator';
import { SessionRequest } from '../auth/auth-messages.js';
import { SESSION_ID_PATTERN } from '../wire/tokens.js';
import { defineEvent, defineRequest } from '../messaging/definitions.js';
import { SUBJECTS } from '../wire/subjects.js';

/**
 * A browser's login session as its user's settings list it (ADR 0046): never its secret id,
 * a public id of its own instead.
 */
export interface LoginSessionDto {
  id: string;
  /** The browser and system its User-Agent names (`Chrome`, `Windows`), when recognised. */
  browser: string | null;
  os: string | null;
  ipAddress: string | null;
  createdAt: string;
  /** When it was last used, to the minute (it is recorded at most once a minute). */
  lastUsedAt: string;
  /** The session the asking browser holds. */
  current: boolean;
}

/** `DELETE /api/login-sessions/{id}`: the public id of one of the user's login sessions. */
export class LoginSessionParams {
  @IsUUID()
  id: string;
}

export class EndLoginSessionRequest extends SessionRequest {
  @IsUUID()
  id: string;
}

/** Login-session requests beyond resolve and end (AUTH_REQUESTS). */
export const LOGIN_SESSION_REQUESTS = {
  /** The browser login sessions of the user this one belongs to, newest first. */
  listOfUser: defineRequest<SessionRequest, LoginSessionDto[]>(
    SUBJECTS.auth.listLoginSessions,
    SessionRequest,
  ),
  /** Ends one browser login session of the user this one belongs to; `current` when it was this one. */
  endOneOfUser: defineRequest<EndLoginSessionRequest, { current: boolean }>(
    SUBJECTS.auth.endLoginSession,
    EndLoginSessionRequest,
  ),
  /** Sign out everywhere: ends every login session of the user this one belongs to. */
  endAllOfUser: defineRequest<SessionRequest, { ended: boolean }>(
    SUBJECTS.auth.endAllSessionsOfUser,
    SessionRequest,
  ),
} as const;

/**
 * One login session ended (logout in one browser, a revoked overlay link): only its live
 * sockets close. A browser's logout names the session; a revoked link, whose token auth never
 * keeps, names the SHA-256 of it (base64url).
 */
export class LoginSessionEnded {
  @IsUUID()
  userId: string;

  @IsOptional()
  @Matches(SESSION_ID_PATTERN)
  sessionId?: string;

  @IsOptional()
  @Matches(SESSION_ID_PATTERN)
  sessionIdHash?: string;
}

export const LOGIN_SESSION_EVENTS = {
  ended: defineEvent<LoginSessionEnded>(SUBJECTS.auth.sessionEnded, LoginSessionEnded),
} as const;
