import type { ChatLineReceived } from '@greetboard/contracts';

/**
 * One read-only connection to Twitch chat. The port keeps tmi.js out of the rest of the
 * service, so sharding and publishing are tested without a chat server.
 */
export interface ChatConnection {
  connect(): Promise<void>;
  /** Joins a channel (login without '#'); resolves once Twitch confirmed or rejects. */
  join(channel: string): Promise<void>;
  part(channel: string): Promise<void>;
  /** Channels currently joined (rejoined by the connection itself after a reconnect). */
  channels(): string[];
  isConnected(): boolean;
  close(): Promise<void>;
}

export type ChatLineHandler = (line: ChatLineReceived) => void;

export type ChatConnectionFactory = (onLine: ChatLineHandler) => ChatConnection;
