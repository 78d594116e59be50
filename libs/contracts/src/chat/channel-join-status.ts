/**
 * Whether chat-ingest is joined to a monitored channel's Twitch chat, kept in the shared
 * key-value store (under the installation's key prefix) by the replica responsible for the
 * channel, so the sessions service or the gateway can tell a streamer that their chat is not
 * being read. The record expires when no replica renews it (all of them dead).
 */

/** Why a channel is not joined: no confirmation in time, a NOTICE refusal, or a dropped link. */
export const CHANNEL_JOIN_FAILURES = ['timeout', 'refused', 'disconnected'] as const;
export type ChannelJoinFailure = (typeof CHANNEL_JOIN_FAILURES)[number];

export interface ChannelJoinStatus {
  channel: string;
  /** The chat-ingest replica that holds or is taking the channel. */
  replicaId: string;
  joined: boolean;
  /** Why it is not joined (null while joined, or before the first attempt has failed). */
  reason: ChannelJoinFailure | null;
  /** Since when it is joined or not joined (ISO 8601). */
  since: string;
}

const CHANNEL_JOIN_STATUS_KEY = 'chat-ingest:join-status:';

export function channelJoinStatusKey(channel: string): string {
  return `${CHANNEL_JOIN_STATUS_KEY}${channel}`;
}
