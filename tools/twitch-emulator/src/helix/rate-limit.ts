export interface BucketState {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Unix epoch seconds when the bucket is full again (Twitch's `Ratelimit-Reset`). */
  readonly resetAt: number;
}

/** Helix's token bucket per client id: `limit` points per minute, refilled continuously. */
export class HelixRateLimiter {
  private readonly buckets = new Map<string, { points: number; updatedAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(clientId: string): BucketState {
    const now = this.now();
    const perMs = this.limit / 60_000;
    const bucket = this.buckets.get(clientId) ?? { points: this.limit, updatedAt: now };
    bucket.points = Math.min(this.limit, bucket.points + (now - bucket.updatedAt) * perMs);
    bucket.updatedAt = now;
    const allowed = bucket.points >= 1;
    if (allowed) bucket.points -= 1;
    this.buckets.set(clientId, bucket);
    const resetAt = Math.ceil((now + (this.limit - bucket.points) / perMs) / 1000);
    return { allowed, limit: this.limit, remaining: Math.floor(bucket.points), resetAt };
  }
}
