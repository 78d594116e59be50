import { Logger } from '@nestjs/common';
import type { JoinEvent, JoinEventHandler } from './channel-joins.js';
import type { ChatConnection } from './chat-connection.js';

interface PooledConnection {
  connection: ChatConnection;
  /** The channels wanted on this connection, joined or not. */
  channels: Set<string>;
}

/**
 * Spreads wanted channels over as few connections as possible, at most `capacity` each,
 * opening a connection when all are full and closing one when its last channel is left. A
 * connection is kept whatever befalls its JOINs or its link: it retries and reconnects by
 * itself, and the pool only reports which channels are confirmed joined.
 */
export class ChatConnectionPool {
  private readonly logger = new Logger('connection-pool');
  private readonly pooled: PooledConnection[] = [];
  private readonly listeners = new Set<JoinEventHandler>();

  constructor(
    private readonly open: (onJoin: JoinEventHandler) => ChatConnection,
    private readonly capacity: number,
  ) {}

  /** Calls `listener` whenever a channel becomes joined or stops being joined. */
  onJoin(listener: JoinEventHandler): void {
    this.listeners.add(listener);
  }

  /** Whether the channel is wanted on a connection, joined or not. */
  has(channel: string): boolean {
    return this.pooled.some((entry) => entry.channels.has(channel));
  }

  isJoined(channel: string): boolean {
    const entry = this.pooled.find((candidate) => candidate.channels.has(channel));
    return entry !== undefined && entry.connection.channels().includes(channel);
  }

  /** Wants the channel: its connection joins it now or as soon as it can, and keeps it joined. */
  join(channel: string): void {
    if (this.has(channel)) return;
    let entry = this.pooled.find((candidate) => candidate.channels.size < this.capacity);
    if (!entry) {
      const connection = this.open((event) => this.joinChanged(event));
      entry = { connection, channels: new Set() };
      this.pooled.push(entry);
      // A first connect that fails is retried by the connection itself, like a reconnect.
      connection.connect().catch((error: unknown) => {
        this.logger.warn(`Twitch chat connection not open yet: ${String(error)}`);
      });
    }
    entry.channels.add(channel);
    entry.connection.join(channel);
  }

  async part(channel: string): Promise<void> {
    const entry = this.pooled.find((candidate) => candidate.channels.has(channel));
    if (!entry) return;
    entry.channels.delete(channel);
    if (!(await this.closeIfEmpty(entry))) entry.connection.part(channel);
  }

  /** Every wanted channel, joined or not. */
  channels(): string[] {
    return this.pooled.flatMap((entry) => [...entry.channels]);
  }

  /** The wanted channels that Twitch confirmed joined. */
  joinedChannels(): string[] {
    return this.pooled.flatMap((entry) =>
      entry.connection.channels().filter((channel) => entry.channels.has(channel)),
    );
  }

  /** Channels per open connection. */
  loads(): number[] {
    return this.pooled.map((entry) => entry.channels.size);
  }

  connectionCount(): number {
    return this.pooled.length;
  }

  async close(): Promise<void> {
    const all = this.pooled.splice(0);
    await Promise.all(all.map((entry) => entry.connection.close()));
  }

  private joinChanged(event: JoinEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private async closeIfEmpty(entry: PooledConnection): Promise<boolean> {
    if (entry.channels.size > 0) return false;
    this.pooled.splice(this.pooled.indexOf(entry), 1);
    await entry.connection.close();
    return true;
  }
}
