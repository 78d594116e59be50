import { plainToInstance } from 'class-transformer';
import {
  IsBoolean,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateIf,
  validateSync,
} from 'class-validator';
import { TWITCH_LOGIN_PATTERN } from '../chat/chat-line.js';
import { SUBJECTS } from '../wire/subjects.js';

/**
 * Domain events: facts one service publishes for others to keep their own read models.
 * They travel on the DOMAIN_EVENTS stream (JetStream in cluster mode), so a consumer that is
 * down catches up when it returns. Consumers must be idempotent: the same event may arrive
 * twice, and an older snapshot may arrive after a newer one (compare `updatedAt`).
 */

/** The full current state of a user, published by auth on every change. */
export class UserChanged {
  @IsUUID()
  id: string;

  @Matches(TWITCH_LOGIN_PATTERN)
  username: string;

  @IsString()
  @MaxLength(64)
  displayName: string;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  profileImage: string | null;

  @IsString()
  @MaxLength(32)
  twitchId: string;

  @IsBoolean()
  isApproved: boolean;

  @IsBoolean()
  isAdmin: boolean;

  /** Orders snapshots: a consumer ignores one older than what it holds. */
  @IsISO8601()
  updatedAt: string;
}

/** A user deleted their account or an admin deleted it: remove everything of theirs. */
export class UserDeleted {
  @IsUUID()
  id: string;

  @IsISO8601()
  deletedAt: string;
}

/**
 * A session became active (created or started) or inactive (stopped, force-stopped, or
 * deleted while active): the one event of a status change, written to the sessions outbox in
 * the transaction of the change (ADR 0021). Chat-ingest joins or parts the channel by it; auth
 * announces it in the owner's chat when the owner asked for that. Events of one session
 * arrive in the order of their changes (the change holds the session's row lock).
 */
export class SessionStatusChanged {
  @IsUUID()
  sessionId: string;

  @IsUUID()
  ownerId: string;

  /**
   * The owner's Twitch login: the channel read while the session runs. A stop may carry ''
   * when the sessions service never learnt the owner's login (readers go by `sessionId`).
   */
  @ValidateIf((event: SessionStatusChanged) => event.isActive || event.channel !== '')
  @Matches(TWITCH_LOGIN_PATTERN)
  channel: string;

  @IsString()
  @MaxLength(100)
  name: string;

  @IsBoolean()
  isActive: boolean;

  /** When the change happened (the session's startedAt or endedAt). */
  @IsISO8601()
  at: string;
}

export const DOMAIN_EVENTS = {
  userChanged: { subject: SUBJECTS.domain.userChanged, payload: UserChanged },
  userDeleted: { subject: SUBJECTS.domain.userDeleted, payload: UserDeleted },
  sessionStatusChanged: {
    subject: SUBJECTS.domain.sessionStatusChanged,
    payload: SessionStatusChanged,
  },
} as const;

/** The message id that de-duplicates a domain event in the stream. */
export function domainEventId(subject: string, entityId: string, at: string): string {
  return `${subject}:${entityId}:${at}`;
}

/**
 * A domain event read from a stream as its class, or undefined when it breaks a rule of the
 * class (a reader logs and skips it: it cannot become valid on redelivery).
 */
export function validDomainEvent<T extends object>(
  type: new () => T,
  data: unknown,
): T | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const event = plainToInstance(type, data);
  return validateSync(event, { whitelist: true }).length === 0 ? event : undefined;
}
