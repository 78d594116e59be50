import type { ChatLineReceived } from '@greetboard/contracts';
import type { JoinEventHandler } from './channel-joins.js';

/**
 * One read-only connection to Twitch chat. The port keeps tmi.js out of the rest of the
 * service, so sharding and publishing are tested without a chat server.
 */
export interface ChatConnection {
  /** Opens the connection; after a drop it reconnects by itself, however long Twitch is away. */
  connect(): Promise<void>;
  /**
   * Wants a channel (login without '#') until it is parted: joins it as soon as the connection
   * is open, retries a failed JOIN, and joins it again after every reconnect.
   */
  join(channel: string): void;
  part(channel: string): void;
  /** Channels Twitch confirmed joined, on the connection as it is now. */
  channels(): string[];
  isConnected(): boolean;
  close(): Promise<void>;
}

export type ChatLineHandler = (line: ChatLineReceived) => void;

/** Opens a connection that reports every line read and every change of a channel's join. */
export type ChatConnectionFactory = (
  onLine: ChatLineHandler,
  onJoin: JoinEventHandler,
) => ChatConnection;
