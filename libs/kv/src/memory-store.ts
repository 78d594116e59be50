import type { KeyValueStore } from './key-value-store.js';

interface Entry {
  value: string;
  expiresAt: number | null;
}

/** Process-local store for the standalone runtime. Expired keys are dropped lazily and swept. */
export class MemoryKeyValueStore implements KeyValueStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(sweepIntervalMs = 30_000) {
    this.sweeper = setInterval(() => this.sweep(), sweepIntervalMs);
    this.sweeper.unref();
  }

  get(key: string): Promise<string | null> {
    return Promise.resolve(this.live(key)?.value ?? null);
  }

  set(key: string, value: string, options: { ttlMs?: number; onlyIfAbsent?: boolean } = {}) {
    if (options.onlyIfAbsent && this.live(key)) return Promise.resolve(false);
    this.entries.set(key, { value, expiresAt: options.ttlMs ? Date.now() + options.ttlMs : null });
    return Promise.resolve(true);
  }

  delete(...keys: string[]): Promise<number> {
    let removed = 0;
    for (const key of keys) if (this.live(key) && this.entries.delete(key)) removed++;
    return Promise.resolve(removed);
  }

  increment(key: string, ttlMs: number): Promise<number> {
    const entry = this.live(key);
    const count = entry ? Number(entry.value) + 1 : 1;
    this.entries.set(key, {
      value: String(count),
      expiresAt: entry ? entry.expiresAt : Date.now() + ttlMs,
    });
    return Promise.resolve(count);
  }

  setIfValue(key: string, expected: string, value: string, ttlMs: number): Promise<boolean> {
    if (this.live(key)?.value !== expected) return Promise.resolve(false);
    this.entries.set(key, { value, expiresAt: Date.now() + ttlMs });
    return Promise.resolve(true);
  }

  deleteIfValue(key: string, expected: string): Promise<boolean> {
    if (this.live(key)?.value !== expected) return Promise.resolve(false);
    return Promise.resolve(this.entries.delete(key));
  }

  keysWithPrefix(prefix: string): Promise<string[]> {
    return Promise.resolve(
      [...this.entries.keys()].filter((key) => key.startsWith(prefix) && this.live(key)),
    );
  }

  ttl(key: string): Promise<number | null> {
    const expiresAt = this.live(key)?.expiresAt;
    return Promise.resolve(expiresAt ? Math.max(0, expiresAt - Date.now()) : null);
  }

  ping(): Promise<boolean> {
    return Promise.resolve(true);
  }

  close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
    return Promise.resolve();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== null && entry !== undefined && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt !== null && entry.expiresAt <= now) this.entries.delete(key);
    }
  }
}
