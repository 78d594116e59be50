import { IsOptional, IsUUID, Matches } from 'class-validator';
import { SessionRequest } from '../auth/auth-messages.js';
import { SESSION_ID_PATTERN } from '../wire/tokens.js';
import { defineEvent, defineRequest } from '../messaging/definitions.js';
import { SUBJECTS } from '../wire/subjects.js';

/** Login-session requests beyond resolve and end (AUTH_REQUESTS). */
export const LOGIN_SESSION_REQUESTS = {
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
