import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
} from 'class-validator';
import { defineEvent, defineRequest } from '../messaging/definitions.js';
import { SUBJECTS } from '../wire/subjects.js';
import {
  CHAT_CONNECTION_PROBLEMS,
  CHAT_CONNECTION_STATUSES,
  type ChatConnection,
  type ChatConnectionProblem,
  type ChatConnectionStatus,
} from '../live/live-messages.js';
import type { ChannelJoinStatus } from './channel-join-status.js';

/**
 * Whether a session's Twitch chat is being read, as the streamer is told (ADR 0042). Derived
 * from the channel's join record (channel-join-status.ts) by one rule, used by chat-ingest
 * for the changes it announces and by the gateway for the state it answers on request.
 */

/**
 * How long a channel may stay unjoined before the streamer is told: a normal JOIN is confirmed
 * within a second or two, and a screen must not flash a warning for it.
 */
export const NOT_JOINED_GRACE_MS = 5_000;

/**
 * How long an active session's channel may have no join record at all (no replica holds or
 * takes it) before the streamer is told nobody reads it: a replica takes a new channel in its
 * next round, and a dead replica's channels are taken over within about 8 s (ADR 0012).
 */
export const UNREAD_GRACE_MS = 15_000;

/** A chat connection as one channel has it, for each of the channel's running sessions. */
export type ChannelConnection = Omit<ChatConnection, 'sessionId'>;

/**
 * The chat connection of a session running since `activeSince` (null: not running), given
 * its channel's join record (null: no replica holds or takes the channel) at time `now`.
 */
export function chatConnectionOf(
  record: ChannelJoinStatus | null,
  activeSince: number | null,
  now: number,
): ChannelConnection {
  const state = (
    status: ChatConnectionStatus,
    reason: ChatConnectionProblem | null = null,
    since: string | null = null,
  ): ChannelConnection => ({ status, reason, since });
  if (activeSince === null) return state('inactive');
  if (record === null) {
    return now - activeSince >= UNREAD_GRACE_MS
      ? state('not_connected', 'unread', new Date(activeSince).toISOString())
      : state('connecting');
  }
  if (record.joined) return state('connected', null, record.since);
  // A record older than the session is the channel's earlier life: count from the start.
  const since = Math.max(Date.parse(record.since), activeSince);
  if (now - since < NOT_JOINED_GRACE_MS) return state('connecting');
  // No failure yet (the first JOIN is still unanswered) reads as an unanswered JOIN.
  return state('not_connected', record.reason ?? 'timeout', new Date(since).toISOString());
}

/** `sessions/:id/chat-connection` asks chat-ingest for a channel's join record. */
export class GetChannelJoinStatusRequest {
  @IsString()
  @Matches(/^[a-z0-9_]{1,25}$/)
  channel: string;
}

/**
 * The chat connection of a channel's running sessions changed, as its replica sees it. Core
 * NATS, fire-and-forget: a browser that missed one reads the state again (ADR 0042).
 */
export class ChatConnectionChanged {
  @IsString()
  @Matches(/^[a-z0-9_]{1,25}$/)
  channel: string;

  @IsArray()
  @ArrayMaxSize(1_000)
  @IsUUID('all', { each: true })
  sessionIds: string[];

  @IsIn(CHAT_CONNECTION_STATUSES)
  status: ChatConnectionStatus;

  @IsOptional()
  @IsIn(CHAT_CONNECTION_PROBLEMS)
  reason: ChatConnectionProblem | null;

  @IsOptional()
  @IsISO8601()
  since: string | null;
}

/** A channel's join record, null when no replica holds or takes the channel. */
export interface ChannelJoinRecord {
  record: ChannelJoinStatus | null;
}

export const CHAT_INGEST_REQUESTS = {
  /** Any replica answers, from the shared key-value store. */
  joinStatus: defineRequest<GetChannelJoinStatusRequest, ChannelJoinRecord>(
    SUBJECTS.chatIngest.joinStatus,
    GetChannelJoinStatusRequest,
  ),
} as const;

export const CHAT_INGEST_EVENTS = {
  connectionChanged: defineEvent<ChatConnectionChanged>(
    SUBJECTS.chatIngest.connectionChanged,
    ChatConnectionChanged,
  ),
} as const;
