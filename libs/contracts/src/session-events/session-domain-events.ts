import {
  IsBoolean,
  IsISO8601,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  Min,
} from 'class-validator';

/**
 * The sessions service's domain events, for read models such as the statistics service.
 * They leave through the sessions outbox (ADR 0014), so none is lost between the commit and
 * the publish. Each carries its entity's id and `version`, which grows with every change of
 * that entity: a reader applies an event only when it is newer than what it holds, so a
 * redelivered or reordered event changes nothing.
 */

/** A session as it is after a change (created, started, stopped or renamed). */
export class SessionSnapshot {
  @IsUUID()
  id: string;

  @IsUUID()
  ownerId: string;

  @IsString()
  @MaxLength(100)
  name: string;

  @IsBoolean()
  isActive: boolean;

  @IsISO8601()
  createdAt: string;

  @IsOptional()
  @IsISO8601()
  startedAt: string | null;

  @IsOptional()
  @IsISO8601()
  endedAt: string | null;

  @IsInt()
  @Min(1)
  version: number;
}

/** A session and all its chatters were removed. */
export class SessionRemoved {
  @IsUUID()
  id: string;

  @IsUUID()
  ownerId: string;

  /** Newer than every snapshot of the session. */
  @IsInt()
  @Min(1)
  version: number;
}

/** A chatter as it is after a change (first line, further lines, greeted or un-greeted). */
export class ChatterSnapshot {
  @IsUUID()
  id: string;

  @IsUUID()
  sessionId: string;

  @IsUUID()
  ownerId: string;

  @IsString()
  @MaxLength(64)
  twitchId: string;

  @IsISO8601()
  firstSeenAt: string;

  @IsISO8601()
  lastSeenAt: string;

  @IsInt()
  @Min(1)
  messageCount: number;

  @IsBoolean()
  isGreeted: boolean;

  @IsOptional()
  @IsISO8601()
  greetedAt: string | null;

  /** The session's list version at the change: grows with every change of the chatter. */
  @IsInt()
  @Min(1)
  version: number;
}

/** Everything a user owned in the sessions service was removed (account deleted). */
export class UserDataRemoved {
  @IsUUID()
  userId: string;

  @IsISO8601()
  removedAt: string;
}

export const SESSION_DOMAIN_EVENTS = {
  sessionCreated: { subject: 'domain.sessions.session.created.v1', payload: SessionSnapshot },
  sessionStarted: { subject: 'domain.sessions.session.started.v1', payload: SessionSnapshot },
  sessionStopped: { subject: 'domain.sessions.session.stopped.v1', payload: SessionSnapshot },
  sessionRenamed: { subject: 'domain.sessions.session.renamed.v1', payload: SessionSnapshot },
  sessionDeleted: { subject: 'domain.sessions.session.deleted.v1', payload: SessionRemoved },
  chatterCreated: { subject: 'domain.sessions.chatter.created.v1', payload: ChatterSnapshot },
  chatterCounted: { subject: 'domain.sessions.chatter.counted.v1', payload: ChatterSnapshot },
  chatterGreeted: { subject: 'domain.sessions.chatter.greeted.v1', payload: ChatterSnapshot },
  chatterUngreeted: { subject: 'domain.sessions.chatter.ungreeted.v1', payload: ChatterSnapshot },
  userDataRemoved: { subject: 'domain.sessions.user-data.removed.v1', payload: UserDataRemoved },
} as const;

/** Every sessions domain event, for a consumer's filter. */
export const SESSION_DOMAIN_EVENTS_FILTER = 'domain.sessions.>';

/** The message id that de-duplicates a versioned sessions event in the stream. */
export function versionedEventId(subject: string, entityId: string, version: number): string {
  return `${subject}:${entityId}:${version}`;
}
