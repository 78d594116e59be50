import { IsOptional, IsString, MaxLength } from 'class-validator';
import { defineEvent, defineRequest } from '../messaging/definitions.js';
import { SUBJECTS } from '../wire/subjects.js';

/** A Twitch channel that should be read because one of its sessions is active. */
export interface MonitoredChannel {
  /** Channel login (the session owner's Twitch login). */
  channel: string;
  /** The channel's Twitch user id. */
  channelId: string;
}

export class ListMonitoredChannelsRequest {
  /** Free text for logs: who asks (a chat-ingest replica id). */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  requestedBy?: string;
}

/** Sent whenever the set of monitored channels may have changed (a session started or stopped). */
export class MonitoredChannelsChanged {
  @IsOptional()
  @IsString()
  @MaxLength(25)
  channel?: string;
}

export const MONITOR_REQUESTS = {
  /** Every channel with at least one active session; answered by the sessions service. */
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
