import {
  IsBoolean,
  IsIn,
  IsISO8601,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  Min,
} from 'class-validator';
import { CHATTER_MODERATIONS, type ChatterModeration } from '../entities/entities.js';

/**
 * The payloads of the sessions service's domain events (in DOMAIN_EVENTS), for read models such as the statistics service.
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

  /**
   * Banned or timed out on Twitch (ADR 0041): statistics count such a chatter as excluded,
   * not pending. Absent in events written before moderation was followed.
   */
  @IsOptional()
  @IsIn(CHATTER_MODERATIONS)
  moderation?: ChatterModeration | null;

  /** The session's list version at the change: grows with every change of the chatter. */
  @IsInt()
  @Min(1)
  version: number;
}

/**
 * The chatters one batch of chat lines created or counted, in one message
 * (`DOMAIN_EVENTS.chattersChanged`, ADR 0057): a reader unpacks it with `domainEventRecords`
 * and takes each snapshot as it takes a `chatterCreated` or `chatterCounted`. Its message id is
 * a digest of its snapshots' ids and versions, so a publish retried is stored once.
 */
export interface ChattersChanged {
  chatters: ChatterSnapshot[];
}

/** Most snapshots in one `ChattersChanged` (about 400 bytes of JSON each). */
export const CHATTERS_CHANGED_MAX = 250;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A timestamp as the sessions service writes it (PostgreSQL's JSON of a timestamptz). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:\d{2})$/;

const isUuid = (value: unknown) => typeof value === 'string' && UUID.test(value);
const isTimestamp = (value: unknown) =>
  typeof value === 'string' && TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value));
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 1;

/**
 * The rules of `ChatterSnapshot`'s decorators, written out for the statistics read model's hot
 * path (one event per chatter change; class-validator costs tens of microseconds each): the
 * compiled check of the chatter events in DOMAIN_EVENTS. A unit test keeps both in agreement.
 */
export function isChatterSnapshot(value: unknown): value is ChatterSnapshot {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const event = value as Record<string, unknown>;
  return (
    isUuid(event.id) &&
    isUuid(event.sessionId) &&
    isUuid(event.ownerId) &&
    typeof event.twitchId === 'string' &&
    event.twitchId.length <= 64 &&
    isTimestamp(event.firstSeenAt) &&
    isTimestamp(event.lastSeenAt) &&
    isCount(event.messageCount) &&
    typeof event.isGreeted === 'boolean' &&
    (event.greetedAt === undefined || event.greetedAt === null || isTimestamp(event.greetedAt)) &&
    (event.moderation === undefined ||
      event.moderation === null ||
      (CHATTER_MODERATIONS as readonly unknown[]).includes(event.moderation)) &&
    isCount(event.version)
  );
}

/** Everything a user owned in the sessions service was removed (account deleted). */
export class UserDataRemoved {
  @IsUUID()
  userId: string;

  @IsISO8601()
  removedAt: string;
}

/** The message id that de-duplicates a versioned sessions event in the stream. */
export function versionedEventId(subject: string, entityId: string, version: number): string {
  return `${subject}:${entityId}:${version}`;
}
