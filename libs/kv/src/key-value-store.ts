/**
 * The small key-value store behind login sessions, rate limits, caches and leases: Redis
 * in cluster mode, process memory in standalone. Values are strings; every key may expire.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  /** Stores `value`. With `onlyIfAbsent`, answers false and changes nothing if the key exists. */
  set(
    key: string,
    value: string,
    options?: { ttlMs?: number; onlyIfAbsent?: boolean },
  ): Promise<boolean>;
  /** Removes keys; answers how many existed. */
  delete(...keys: string[]): Promise<number>;
  /** Adds one and answers the new count; a new key expires after `ttlMs` (fixed window). */
  increment(key: string, ttlMs: number): Promise<number>;
  /**
   * Replaces the value and expiry only while the key still holds `expected` (lease renewal);
   * answers whether it did.
   */
  setIfValue(key: string, expected: string, value: string, ttlMs: number): Promise<boolean>;
  /** Removes the key only while it still holds `expected` (lease release). */
  deleteIfValue(key: string, expected: string): Promise<boolean>;
  /** Every live key that starts with `prefix` (few keys only: membership lists, not data). */
  keysWithPrefix(prefix: string): Promise<string[]>;
  /** Milliseconds until the key expires; null when it does not exist or never expires. */
  ttl(key: string): Promise<number | null>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
