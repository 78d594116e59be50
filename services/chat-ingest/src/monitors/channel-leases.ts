import { createHash } from 'node:crypto';
import type { KeyValueStore } from '@greetboard/kv';

const LEASE = 'chat-ingest:lease:';
const REPLICA = 'chat-ingest:replica:';
/** Who last held a channel's lease; removed on a clean release, so a leftover means a take-over. */
const OWNER = 'chat-ingest:owner:';
const OWNER_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Which replica reads which channel. Each replica announces itself with a heartbeat key; a
 * channel is read by the replica holding its lease, renewed while that replica lives. Both
 * expire after `ttlMs`, so a dead replica's channels are free again within that time.
 */
export class ChannelLeases {
  constructor(
    private readonly kv: KeyValueStore,
    readonly replicaId: string,
    readonly ttlMs: number,
  ) {}

  async heartbeat(): Promise<void> {
    await this.kv.set(`${REPLICA}${this.replicaId}`, String(Date.now()), { ttlMs: this.ttlMs });
  }

  async liveReplicas(): Promise<string[]> {
    const keys = await this.kv.keysWithPrefix(REPLICA);
    return keys.map((key) => key.slice(REPLICA.length));
  }

  async holder(channel: string): Promise<string | null> {
    return this.kv.get(`${LEASE}${channel}`);
  }

  async tryAcquire(channel: string): Promise<boolean> {
    const acquired = await this.kv.set(`${LEASE}${channel}`, this.replicaId, {
      ttlMs: this.ttlMs,
      onlyIfAbsent: true,
    });
    if (acquired) await this.kv.set(`${OWNER}${channel}`, this.replicaId, { ttlMs: OWNER_TTL_MS });
    return acquired;
  }

  /** The replica that held the channel last and never released it (it died), if any. */
  async abandonedBy(channel: string): Promise<string | null> {
    const owner = await this.kv.get(`${OWNER}${channel}`);
    return owner === this.replicaId ? null : owner;
  }

  renew(channel: string): Promise<boolean> {
    return this.kv.setIfValue(`${LEASE}${channel}`, this.replicaId, this.replicaId, this.ttlMs);
  }

  async release(channel: string): Promise<boolean> {
    await this.kv.deleteIfValue(`${OWNER}${channel}`, this.replicaId);
    return this.kv.deleteIfValue(`${LEASE}${channel}`, this.replicaId);
  }

  async leave(): Promise<void> {
    await this.kv.delete(`${REPLICA}${this.replicaId}`);
  }
}

/**
 * Rendezvous hashing: every replica computes the same preferred owner for a channel from
 * the same list of live replicas, and a replica joining or leaving moves only its own share.
 */
export function preferredReplica(channel: string, replicas: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = -1n;
  for (const replica of replicas) {
    const score = createHash('sha1')
      .update(`${channel}\u0000${replica}`)
      .digest()
      .readBigUInt64BE(0);
    if (score > bestScore || (score === bestScore && best !== undefined && replica < best)) {
      best = replica;
      bestScore = score;
    }
  }
  return best;
}
