import { IsOptional, IsString, MaxLength } from 'class-validator';
import { defineEvent, defineRequest } from '../messaging/definitions.js';
import { SUBJECTS } from '../wire/subjects.js';

/** A Twitch channel that should be read because one of its sessions is active. */
export interface MonitoredChannel {
  /** Channel login (the session owner's Twitch login). */
  channel: string;
  /** The channel's Twitch user id. */
  channelId: string;
  /** The channel's running sessions: a status event of one of them changes this set. */
  sessionIds: string[];
}

export class ListMonitoredChannelsRequest {
  /** Free text for logs: who asks (a chat-ingest replica id). */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  requestedBy?: string;
}

/**
 * A chat-ingest replica is leaving: the others run a round now to take its channels. Session
 * starts and stops travel as `SessionStatusChanged` domain events instead.
 */
export class MonitoredChannelsChanged {
  @IsOptional()
  @IsString()
  @MaxLength(25)
  channel?: string;
}

export const MONITOR_REQUESTS = {
  /**
   * Every channel with at least one active session; answered by the sessions service. Read at
   * boot and as a slow reconciliation; session status events keep the set current between.
   */
  list: defineRequest<ListMonitoredChannelsRequest, MonitoredChannel[]>(
    SUBJECTS.sessions.listMonitoredChannels,
    ListMonitoredChannelsRequest,
  ),
} as const;

export const MONITOR_EVENTS = {
  changed: defineEvent<MonitoredChannelsChanged>(
    SUBJECTS.chatIngest.monitorsChanged,
    MonitoredChannelsChanged,
  ),
} as const;
