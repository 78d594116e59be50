import type { ChatConnection } from './chat-connection.js';

interface PooledConnection {
  connection: ChatConnection;
  channels: Set<string>;
}

/**
 * Spreads joined channels over as few connections as possible, at most `capacity` each,
 * opening a connection when all are full and closing one when its last channel is left.
 */
export class ChatConnectionPool {
  private readonly pooled: PooledConnection[] = [];

  constructor(
    private readonly open: () => ChatConnection,
    private readonly capacity: number,
  ) {}

  has(channel: string): boolean {
    return this.pooled.some((entry) => entry.channels.has(channel));
  }

  async join(channel: string): Promise<void> {
    if (this.has(channel)) return;
    let entry = this.pooled.find((candidate) => candidate.channels.size < this.capacity);
    if (!entry) {
      entry = { connection: this.open(), channels: new Set() };
      this.pooled.push(entry);
      try {
        await entry.connection.connect();
      } catch (error) {
        this.pooled.splice(this.pooled.indexOf(entry), 1);
        await entry.connection.close();
        throw error;
      }
    }
    entry.channels.add(channel);
    try {
      await entry.connection.join(channel);
    } catch (error) {
      entry.channels.delete(channel);
      await this.closeIfEmpty(entry);
      throw error;
    }
  }

  async part(channel: string): Promise<void> {
    const entry = this.pooled.find((candidate) => candidate.channels.has(channel));
    if (!entry) return;
    entry.channels.delete(channel);
    if (!(await this.closeIfEmpty(entry)))
      await entry.connection.part(channel).catch(() => undefined);
  }

  channels(): string[] {
    return this.pooled.flatMap((entry) => [...entry.channels]);
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

  private async closeIfEmpty(entry: PooledConnection): Promise<boolean> {
    if (entry.channels.size > 0) return false;
    this.pooled.splice(this.pooled.indexOf(entry), 1);
    await entry.connection.close();
    return true;
  }
}
