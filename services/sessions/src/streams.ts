import { CHAT_LINES_BATCH_MS } from '@greetboard/config';
import { STREAMS } from '@greetboard/contracts';
import type { StreamSpec } from '@greetboard/transport';

/** The durable streams of the process (JetStream or in-process), injected by the module. */
export const SESSIONS_STREAMS = Symbol('SESSIONS_STREAMS');
export const SESSIONS_STREAM_SETTINGS = Symbol('SESSIONS_STREAM_SETTINGS');

export interface StreamSettings {
  domainEvents: StreamSpec;
  /** Durable consumer of the users projection; replicas share it. */
  usersDurable: string;
  chatLines: StreamSpec;
  /** Durable consumer of chat lines; replicas share it, each line is handled by one. */
  chatLinesDurable: string;
  /** How long a chat line waits for others to share its statement (CHAT_LINES_BATCH_MS). */
  chatLinesBatchMs: number;
}

export const DEFAULT_STREAM_SETTINGS: StreamSettings = {
  domainEvents: { name: STREAMS.domainEvents.name, subjects: [...STREAMS.domainEvents.subjects] },
  usersDurable: 'sessions-users-v1',
  chatLines: { ...STREAMS.chatLines, subjects: [...STREAMS.chatLines.subjects] },
  chatLinesDurable: 'sessions-chat-lines-v1',
  chatLinesBatchMs: CHAT_LINES_BATCH_MS,
};
