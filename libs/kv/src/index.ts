import { MemoryKeyValueStore } from './memory-store.js';
import { RedisKeyValueStore } from './redis-store.js';
import type { KeyValueStore } from './key-value-store.js';

export type { KeyValueStore } from './key-value-store.js';
export { MemoryKeyValueStore } from './memory-store.js';
export { RedisKeyValueStore } from './redis-store.js';

/** REDIS_URL selects Redis; unset selects process memory (standalone runtime). */
export function createKeyValueStore(config: { REDIS_URL?: string }, prefix: string): KeyValueStore {
  return config.REDIS_URL
    ? new RedisKeyValueStore(config.REDIS_URL, prefix)
    : new MemoryKeyValueStore();
}
