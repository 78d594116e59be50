import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  Min,
} from 'class-validator';
import { defineEvent, defineRequest } from '../messaging/definitions.js';
import { SUBJECTS } from '../wire/subjects.js';

/**
 * The admin panel's overview and system status, gathered from every running
 * replica of every service: a gateway broadcasts a probe, every replica answers with a report
 * carrying the probe's id, and the gateway collects reports until its deadline (ADR 0019).
 */

export const REPLICA_SERVICES = ['gateway', 'auth', 'sessions', 'stats', 'chat-ingest'] as const;
export type ReplicaService = (typeof REPLICA_SERVICES)[number];

export class ReplicaStatusProbe {
  @IsUUID()
  probeId: string;
}

export interface MemoryUsageDto {
  rss: number;
  heapTotal: number;
  heapUsed: number;
}

/** What one replica says about itself. Sockets for gateways, Twitch connections for chat-ingest. */
export class ReplicaStatusReport {
  @IsUUID()
  probeId: string;

  @IsString()
  @MaxLength(40)
  service: string;

  @IsString()
  @MaxLength(200)
  replicaId: string;

  /**
   * The operating-system process (host and pid) behind the replica. In the standalone runtime
   * every service shares one process, so its memory is counted once in the totals.
   */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  processId?: string;

  @IsInt()
  @Min(0)
  uptime: number;

  @IsObject()
  memoryUsage: MemoryUsageDto;

  @IsOptional()
  @IsInt()
  websocketConnections?: number;

  @IsOptional()
  @IsInt()
  tmiConnections?: number;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100_000)
  @IsString({ each: true })
  channels?: string[];

  /** Channels chat-ingest holds or is taking whose JOIN Twitch has not confirmed (yet). */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100_000)
  @IsString({ each: true })
  unjoinedChannels?: string[];
}

export const ADMIN_STATUS_EVENTS = {
  /** Every replica of every service receives it (each in a queue group of its own). */
  probe: defineEvent<ReplicaStatusProbe>(SUBJECTS.admin.replicaStatusProbe, ReplicaStatusProbe),
  /** Every gateway receives every report; the one that sent the probe keeps it. */
  report: defineEvent<ReplicaStatusReport>(SUBJECTS.admin.replicaStatusReport, ReplicaStatusReport),
} as const;

/** The database-wide counts, answered by one replica of the owning service. */
export class AdminTotalsRequest {}

export interface AuthAdminTotals {
  totalUsers: number;
  /** Users waiting for approval. */
  pendingUsers: number;
}

export interface SessionsAdminTotals {
  activeSessions: number;
  totalChatters: number;
}

export const ADMIN_REQUESTS = {
  authTotals: defineRequest<AdminTotalsRequest, AuthAdminTotals>(
    SUBJECTS.auth.adminTotals,
    AdminTotalsRequest,
  ),
  sessionsTotals: defineRequest<AdminTotalsRequest, SessionsAdminTotals>(
    SUBJECTS.sessions.adminTotals,
    AdminTotalsRequest,
  ),
} as const;

/** One row of the System tab's replica table. `missing`: seen before, silent this time. */
export interface ReplicaStatusDto {
  service: string;
  replicaId: string;
  /** Host and pid of the process behind it; services sharing a process share its memory. */
  processId: string | null;
  status: 'up' | 'missing';
  uptime: number | null;
  memoryUsage: MemoryUsageDto | null;
  websocketConnections: number | null;
  tmiConnections: number | null;
  channels: string[];
  /** chat-ingest: channels it holds or is taking that Twitch has not confirmed joined. */
  unjoinedChannels: string[];
  /** When it last answered (ISO 8601). */
  lastSeen: string;
}

/** GET /api/admin/overview: the spec's fields, plus the number of users waiting. */
export interface AdminOverviewDto {
  totalUsers: number;
  activeSessions: number;
  totalChatters: number;
  activeTmiConnections: number;
  pendingUsers: number;
}

/** GET /api/admin/system-status: the spec's totals, then the per-replica breakdown. */
export interface SystemStatusDto {
  websocketConnections: number;
  activeTmiConnections: number;
  /** Seconds, of the longest-running replica that answered. */
  uptime: number;
  /** The sum over the processes that answered (services sharing a process count once). */
  memoryUsage: MemoryUsageDto;
  activeMonitors: string[];
  timestamp: string;
  replicas: ReplicaStatusDto[];
  /** How long the gateway waited for reports, in milliseconds. */
  deadlineMs: number;
}

/** The `admin_pending_users` live message, sent to every admin's open pages. */
export type { PendingUsersNotice } from '../wire/live-messages.js';
