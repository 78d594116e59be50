import { Redis } from 'ioredis';
import type { KeyValueStore } from './key-value-store.js';

// INCR and set the window's expiry only when the key is new, atomically.
const INCREMENT_IN_WINDOW = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

// Compare-and-set and compare-and-delete for leases: act only while we still hold the key.
const SET_IF_VALUE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0`;
const DELETE_IF_VALUE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Redis-backed store for the cluster runtime; every key is namespaced by `prefix`. */
export class RedisKeyValueStore implements KeyValueStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, {
      keyPrefix: this.prefix,
      // Fail a command fast while Redis is down instead of queueing it without bound.
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      lazyConnect: false,
    });
    // Connection errors are retried by ioredis; readiness reports them through ping().
    this.redis.on('error', () => undefined);
  }

  get(key: string): Promise<string | null> {
    return this.redis.get(key);
  }

  async set(key: string, value: string, options: { ttlMs?: number; onlyIfAbsent?: boolean } = {}) {
    const result =
      options.ttlMs && options.onlyIfAbsent
        ? await this.redis.set(key, value, 'PX', options.ttlMs, 'NX')
        : options.ttlMs
          ? await this.redis.set(key, value, 'PX', options.ttlMs)
          : options.onlyIfAbsent
            ? await this.redis.set(key, value, 'NX')
            : await this.redis.set(key, value);
    return result === 'OK';
  }

  delete(...keys: string[]): Promise<number> {
    return keys.length === 0 ? Promise.resolve(0) : this.redis.del(...keys);
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    return Number(await this.redis.eval(INCREMENT_IN_WINDOW, 1, key, ttlMs));
  }

  async setIfValue(key: string, expected: string, value: string, ttlMs: number) {
    return Number(await this.redis.eval(SET_IF_VALUE, 1, key, expected, value, ttlMs)) === 1;
  }

  async deleteIfValue(key: string, expected: string): Promise<boolean> {
    return Number(await this.redis.eval(DELETE_IF_VALUE, 1, key, expected)) === 1;
  }

  async keysWithPrefix(prefix: string): Promise<string[]> {
    // SCAN does not apply ioredis' keyPrefix, so match and strip it here.
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(
        cursor,
        'MATCH',
        `${this.prefix}${prefix}*`,
        'COUNT',
        500,
      );
      cursor = next;
      keys.push(...batch.map((key) => key.slice(this.prefix.length)));
    } while (cursor !== '0');
    return keys;
  }

  async ttl(key: string): Promise<number | null> {
    const remaining = await this.redis.pttl(key);
    return remaining >= 0 ? remaining : null;
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
