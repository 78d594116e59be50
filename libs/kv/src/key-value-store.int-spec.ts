import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { TEST_INFRASTRUCTURE, waitFor } from '@greetboard/testing';
import type { KeyValueStore } from './key-value-store.js';
import { MemoryKeyValueStore } from './memory-store.js';
import { RedisKeyValueStore } from './redis-store.js';

const stores: { name: string; create: () => KeyValueStore }[] = [
  { name: 'memory', create: () => new MemoryKeyValueStore() },
  {
    name: 'Redis',
    create: () => new RedisKeyValueStore(TEST_INFRASTRUCTURE.redis, `test:${randomUUID()}:`),
  },
];

describe.each(stores)('key-value store contract: $name', ({ create }) => {
  let store: KeyValueStore;

  beforeAll(() => {
    store = create();
  });

  afterAll(async () => {
    await store.close();
  });

  it('sets, gets and deletes', async () => {
    expect(await store.get('a')).toBeNull();
    expect(await store.set('a', '1')).toBe(true);
    expect(await store.get('a')).toBe('1');
    expect(await store.delete('a', 'missing')).toBe(1);
    expect(await store.get('a')).toBeNull();
  });

  it('sets only when absent if asked', async () => {
    expect(await store.set('lease', 'replica-1', { onlyIfAbsent: true, ttlMs: 5_000 })).toBe(true);
    expect(await store.set('lease', 'replica-2', { onlyIfAbsent: true, ttlMs: 5_000 })).toBe(false);
    expect(await store.get('lease')).toBe('replica-1');
  });

  it('expires keys after their ttl', async () => {
    await store.set('short', 'x', { ttlMs: 100 });
    const ttl = await store.ttl('short');
    expect(ttl).not.toBeNull();
    expect(ttl).toBeLessThanOrEqual(100);
    await waitFor(async () => (await store.get('short')) === null, { what: 'expiry' });
    expect(await store.ttl('short')).toBeNull();
  });

  it('counts in a fixed window that starts with the first increment', async () => {
    expect(await store.increment('hits', 200)).toBe(1);
    expect(await store.increment('hits', 200)).toBe(2);
    expect(await store.increment('hits', 60_000)).toBe(3);
    expect(await store.ttl('hits')).toBeLessThanOrEqual(200);
    await waitFor(async () => (await store.get('hits')) === null, { what: 'window end' });
    expect(await store.increment('hits', 200)).toBe(1);
  });

  it('renews and releases a lease only while holding it', async () => {
    await store.set('lease:x', 'me', { ttlMs: 5_000 });
    expect(await store.setIfValue('lease:x', 'someone-else', 'them', 5_000)).toBe(false);
    expect(await store.setIfValue('lease:x', 'me', 'me', 60_000)).toBe(true);
    expect(await store.ttl('lease:x')).toBeGreaterThan(5_000);
    expect(await store.deleteIfValue('lease:x', 'someone-else')).toBe(false);
    expect(await store.get('lease:x')).toBe('me');
    expect(await store.deleteIfValue('lease:x', 'me')).toBe(true);
    expect(await store.get('lease:x')).toBeNull();
    expect(await store.setIfValue('lease:x', 'me', 'me', 5_000)).toBe(false);
  });

  it('lists the live keys with a prefix', async () => {
    await store.set('replica:a', '1', { ttlMs: 5_000 });
    await store.set('replica:b', '1', { ttlMs: 50 });
    await store.set('other:c', '1');
    await waitFor(async () => (await store.get('replica:b')) === null, { what: 'expiry' });
    expect((await store.keysWithPrefix('replica:')).sort()).toEqual(['replica:a']);
  });

  it('answers a ping', async () => {
    expect(await store.ping()).toBe(true);
  });
});

describe('Redis store when Redis is unreachable', () => {
  it('reports not ready instead of throwing', async () => {
    const store = new RedisKeyValueStore('redis://127.0.0.1:1', 'test:');
    expect(await store.ping()).toBe(false);
    await store.close();
  });
});
