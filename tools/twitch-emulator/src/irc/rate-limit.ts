export interface RateLimit {
  readonly count: number;
  readonly windowMs: number;
}

/** Twitch's chat limits: at most `count` actions per key within any `windowMs` window. */
export class SlidingWindowLimiter {
  private readonly history = new Map<string, number[]>();

  constructor(private readonly limit: RateLimit) {}

  /** Records an action and says whether it was within the limit. */
  take(key: string, now = Date.now()): boolean {
    const since = now - this.limit.windowMs;
    const times = (this.history.get(key) ?? []).filter((time) => time > since);
    const allowed = times.length < this.limit.count;
    if (allowed) times.push(now);
    this.history.set(key, times);
    return allowed;
  }

  forget(key: string): void {
    this.history.delete(key);
  }
}
