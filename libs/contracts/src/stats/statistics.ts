import {
  IsISO8601,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { defineRequest } from '../messaging/definitions.js';
import { ActorRequest } from '../sessions/session-requests.js';
import type { ChatterSnapshot, SessionSnapshot } from '../session-events/session-domain-events.js';
import { SUBJECTS } from '../wire/subjects.js';

/** The statistics window is 7 days including today. */
export const STATISTICS_WINDOW_DAYS = 7;
/** Upper bounds (seconds) of the "time to greet" buckets; the last bucket is open. */
export const GREETING_TIME_BUCKETS_SECONDS = [60, 300, 900, 1_800, 3_600] as const;

/** One day of the viewer's calendar (`YYYY-MM-DD` in their time zone). */
export interface DayActivity {
  date: string;
  /** Chatters first seen that day. */
  chatters: number;
  /** Chatters greeted that day. */
  greeted: number;
}

export interface GreetingTimeBucket {
  /** Upper bound in seconds, `null` for the open last bucket. */
  upToSeconds: number | null;
  count: number;
}

/** Shared by the aggregate and the per-session view. Percentages are whole numbers. */
export interface ActivityStatistics {
  timeZone: string;
  /** Oldest first, today last. */
  lastSevenDays: DayActivity[];
  /** Chatters first seen in each hour of the viewer's day, 0 to 23. */
  chattersByHour: number[];
  greetingTimes: GreetingTimeBucket[];
  /** Mean of greetedAt minus firstSeenAt over greeted chatters; null when none is greeted. */
  averageGreetingTimeSeconds: number | null;
}

export interface AggregateStatistics extends ActivityStatistics {
  /** The user's sessions, newest first, for choosing one. */
  sessions: { id: string; name: string; isActive: boolean }[];
  totalSessions: number;
  activeSessions: number;
  totalChatters: number;
  totalGreeted: number;
  greetingRate: number;
  averageChattersPerSession: number;
  longestSession: {
    id: string;
    name: string;
    startedAt: string;
    durationSeconds: number;
  } | null;
  averageSessionDurationSeconds: number | null;
  /** The day of the 7-day window with the most chatters; null when it had none. */
  mostActiveDay: { date: string; chatters: number } | null;
  /** The hour of day with the most chatters; null without chatters. */
  mostActiveHour: { hour: number; chatters: number } | null;
}

export interface SessionStatistics extends ActivityStatistics {
  sessionId: string;
  name: string;
  isActive: boolean;
  startedAt: string | null;
  endedAt: string | null;
  total: number;
  greeted: number;
  /** Neither greeted nor excluded. */
  pending: number;
  /** Banned or timed out on Twitch before being greeted (ADR 0041). */
  excluded: number;
  completionRate: number;
}

export class StatisticsRequest extends ActorRequest {
  /** The viewer's IANA time zone; days and hours follow it. */
  @IsString()
  @MaxLength(64)
  timeZone: string;

  /** The moment the figures are computed for; now when absent (tests pin it). */
  @IsOptional()
  @IsISO8601()
  asOf?: string;
}

export class SessionStatisticsRequest extends StatisticsRequest {
  @IsUUID()
  sessionId: string;
}

/** A page of the sessions service's current state, for rebuilding a read model. */
export class SnapshotPageRequest {
  @IsOptional()
  @IsUUID()
  after?: string;

  @IsInt()
  @Min(1)
  @Max(10_000)
  limit: number;
}

export const STATISTICS_REQUESTS = {
  aggregate: defineRequest<StatisticsRequest, AggregateStatistics>(
    SUBJECTS.stats.aggregateStatistics,
    StatisticsRequest,
  ),
  session: defineRequest<SessionStatisticsRequest, SessionStatistics>(
    SUBJECTS.stats.sessionStatistics,
    SessionStatisticsRequest,
  ),
} as const;

/** Answered by the sessions service: every session and chatter by id, for `rebuild-stats`. */
export const SESSION_SNAPSHOT_REQUESTS = {
  sessions: defineRequest<SnapshotPageRequest, SessionSnapshot[]>(
    SUBJECTS.sessions.sessionSnapshots,
    SnapshotPageRequest,
  ),
  chatters: defineRequest<SnapshotPageRequest, ChatterSnapshot[]>(
    SUBJECTS.sessions.chatterSnapshots,
    SnapshotPageRequest,
  ),
} as const;
