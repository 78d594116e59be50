import {
  IsBoolean,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { TWITCH_LOGIN_PATTERN } from '../chat/chat-line.js';
import type { PayloadClass } from '../messaging/definitions.js';
import {
  ChatterSnapshot,
  type ChattersChanged,
  isChatterSnapshot,
  SessionRemoved,
  SessionSnapshot,
  UserDataRemoved,
} from '../session-events/session-domain-events.js';
import { SUBJECTS } from '../wire/subjects.js';

/**
 * Domain events: facts one service publishes for others to keep their own read models.
 * They travel on the DOMAIN_EVENTS_V1 stream (JetStream in cluster mode), so a consumer that is
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

/**
 * A domain event: the subject it is stored under and the class that validates its payload;
 * for an event of a hot path, also its class's rules written out (`check`), which a consumer
 * runs instead of class-validator.
 */
export interface DomainEventDefinition<TPayload extends object> {
  readonly subject: string;
  readonly payload: PayloadClass<TPayload>;
  readonly check?: (data: unknown) => data is TPayload;
}

function defineDomainEvent<TPayload extends object>(
  subject: string,
  payload: PayloadClass<TPayload>,
  check?: (data: unknown) => data is TPayload,
): DomainEventDefinition<TPayload> {
  return check ? { subject, payload, check } : { subject, payload };
}

/** Every domain event, each defined once; publishers and consumers name events from here. */
export const DOMAIN_EVENTS = {
  userChanged: defineDomainEvent(SUBJECTS.domain.userChanged, UserChanged),
  userDeleted: defineDomainEvent(SUBJECTS.domain.userDeleted, UserDeleted),
  sessionStatusChanged: defineDomainEvent(
    SUBJECTS.domain.sessionStatusChanged,
    SessionStatusChanged,
  ),
  sessionCreated: defineDomainEvent(SUBJECTS.domain.sessionCreated, SessionSnapshot),
  sessionStarted: defineDomainEvent(SUBJECTS.domain.sessionStarted, SessionSnapshot),
  sessionStopped: defineDomainEvent(SUBJECTS.domain.sessionStopped, SessionSnapshot),
  sessionRenamed: defineDomainEvent(SUBJECTS.domain.sessionRenamed, SessionSnapshot),
  sessionDeleted: defineDomainEvent(SUBJECTS.domain.sessionDeleted, SessionRemoved),
  chatterCreated: defineDomainEvent(
    SUBJECTS.domain.chatterCreated,
    ChatterSnapshot,
    isChatterSnapshot,
  ),
  chatterCounted: defineDomainEvent(
    SUBJECTS.domain.chatterCounted,
    ChatterSnapshot,
    isChatterSnapshot,
  ),
  chatterGreeted: defineDomainEvent(
    SUBJECTS.domain.chatterGreeted,
    ChatterSnapshot,
    isChatterSnapshot,
  ),
  chatterUngreeted: defineDomainEvent(
    SUBJECTS.domain.chatterUngreeted,
    ChatterSnapshot,
    isChatterSnapshot,
  ),
  /** Banned, timed out or its first message deleted on Twitch (ADR 0041). */
  chatterModerated: defineDomainEvent(
    SUBJECTS.domain.chatterModerated,
    ChatterSnapshot,
    isChatterSnapshot,
  ),
  /**
   * The chatters a batch of chat lines created or counted, packed (`ChattersChanged`, ADR 0057):
   * each snapshot is one record, validated and handled like a chatter event of its own.
   */
  chattersChanged: defineDomainEvent(
    SUBJECTS.domain.chattersChanged,
    ChatterSnapshot,
    isChatterSnapshot,
  ),
  userDataRemoved: defineDomainEvent(SUBJECTS.domain.userDataRemoved, UserDataRemoved),
} as const;

export type DomainEventName = keyof typeof DOMAIN_EVENTS;

export type DomainEventPayload<K extends DomainEventName> =
  (typeof DOMAIN_EVENTS)[K] extends DomainEventDefinition<infer T> ? T : never;

/** A validated domain event as a consumer receives it: its name in the map and its payload. */
export type DomainEvent<K extends DomainEventName = DomainEventName> = {
  [P in K]: { name: P; payload: DomainEventPayload<P> };
}[K];

/**
 * The narrowest subject filter a consumer of the named events needs: the subject itself for
 * one event, else the subjects' common leading tokens and `>`. It may take other events too
 * (the filter of every sessions event also takes the status change); a consumer ignores those.
 */
export function domainEventsFilter(names: readonly DomainEventName[]): string {
  const subjects = names.map((name) => DOMAIN_EVENTS[name].subject.split('.'));
  const [first, ...rest] = subjects;
  if (!first) throw new Error('A filter needs at least one event');
  if (rest.length === 0) return first.join('.');
  let common = 0;
  while (
    common < first.length - 1 &&
    rest.every((tokens) => common < tokens.length - 1 && tokens[common] === first[common])
  )
    common += 1;
  return [...first.slice(0, common), '>'].join('.');
}

/**
 * The records a domain-events message holds: the snapshots of a `ChattersChanged`, or
 * `undefined` for a message that is one event. A pack whose `chatters` is not a list is one
 * record, which fails the snapshot check and is dead-lettered whole.
 */
export function domainEventRecords(data: unknown, subject: string): unknown[] | undefined {
  if (subject !== SUBJECTS.domain.chattersChanged) return undefined;
  const chatters = (data as Partial<ChattersChanged> | null)?.chatters;
  return Array.isArray(chatters) ? chatters : undefined;
}

/** The message id that de-duplicates a domain event in the stream. */
export function domainEventId(subject: string, entityId: string, at: string): string {
  return `${subject}:${entityId}:${at}`;
}
