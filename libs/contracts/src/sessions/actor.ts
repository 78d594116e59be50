import { IsBoolean, IsOptional, IsUUID, Matches } from 'class-validator';
import { TWITCH_LOGIN_PATTERN } from '../chat/chat-line.js';

/**
 * Who asks. The gateway fills it from the signed-in user; the sessions service trusts it
 * (internal network) and enforces every permission rule itself.
 */
export class SessionActor {
  @IsUUID()
  id: string;

  @Matches(TWITCH_LOGIN_PATTERN)
  username: string;

  @IsBoolean()
  isApproved: boolean;

  @IsBoolean()
  isAdmin: boolean;

  /**
   * The caller is an overlay link (ADR 0046): it reaches its owner's own sessions only, never
   * those of owners who made the owner a global editor, and no admin's view of others'.
   */
  @IsOptional()
  @IsBoolean()
  ownSessionsOnly?: boolean;
}
