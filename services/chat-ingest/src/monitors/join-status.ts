import {
  channelJoinStatusKey,
  type ChannelJoinFailure,
  type ChannelJoinStatus,
} from '@greetboard/contracts';
import type { KeyValueStore } from '@greetboard/kv';
import type { JoinEvent } from '../connections/channel-joins.js';

/** How long a channel's record outlives the last replica that wrote it. */
export const JOIN_STATUS_TTL_MS = 60_000;

interface Known {
  joined: boolean;
  reason: ChannelJoinFailure | null;
  since: number;
}

/**
 * Publishes, per channel this replica holds or is taking, whether it is joined (and if not,
 * why and since when) to the shared key-value store, where other services can read it. A
 * record is written when it changes and rewritten before it expires, not every round.
 */
export class JoinStatusBoard {
  private readonly known = new Map<string, Known>();
  private readonly written = new Map<string, { value: string; at: number }>();

  constructor(
    private readonly kv: KeyValueStore,
    private readonly replicaId: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Remembers the reason and time of the latest change, as the connection reported it. */
  note(event: JoinEvent): void {
    this.known.set(event.channel, {
      joined: event.joined,
      reason: event.joined ? null : event.reason,
      since: event.since,
    });
  }

  /**
   * Writes the records of `channels`, each joined or not as `isJoined` says now, and returns
   * them.
   */
  async record(
    channels: Iterable<string>,
    isJoined: (channel: string) => boolean,
  ): Promise<ChannelJoinStatus[]> {
    const now = this.now();
    const statuses: ChannelJoinStatus[] = [];
    const current = new Set<string>();
    for (const channel of channels) {
      current.add(channel);
      const joined = isJoined(channel);
      let known = this.known.get(channel);
      if (!known || known.joined !== joined) {
        known = { joined, reason: joined ? null : (known?.reason ?? null), since: now };
        this.known.set(channel, known);
      }
      const status: ChannelJoinStatus = {
        channel,
        replicaId: this.replicaId,
        joined,
        reason: known.reason,
        since: new Date(known.since).toISOString(),
      };
      statuses.push(status);
      const value = JSON.stringify(status);
      const last = this.written.get(channel);
      if (last && last.value === value && now - last.at < JOIN_STATUS_TTL_MS / 2) continue;
      await this.kv.set(channelJoinStatusKey(channel), value, { ttlMs: JOIN_STATUS_TTL_MS });
      this.written.set(channel, { value, at: now });
    }
    for (const channel of [...this.written.keys()])
      if (!current.has(channel)) this.written.delete(channel);
    for (const channel of [...this.known.keys()])
      if (!current.has(channel)) this.known.delete(channel);
    return statuses;
  }

  /** The channel is no longer monitored at all: its record goes. */
  async forget(channel: string): Promise<void> {
    this.known.delete(channel);
    this.written.delete(channel);
    await this.kv.delete(channelJoinStatusKey(channel));
  }
}

/** The record of `channel` as the replica holding or taking it last wrote it, if any. */
export async function readJoinStatus(
  kv: KeyValueStore,
  channel: string,
): Promise<ChannelJoinStatus | null> {
  const value = await kv.get(channelJoinStatusKey(channel));
  return value === null ? null : (JSON.parse(value) as ChannelJoinStatus);
}
