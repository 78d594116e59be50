/**
 * Twitch allows 20 JOINs per 10 s per account; every JOIN of a replica's account, first
 * joins, retries and rejoins after a reconnect alike, takes a turn, and 15 leaves a margin.
 */
export const JOINS_PER_WINDOW = 15;
export const JOIN_WINDOW_MS = 10_000;

/**
 * A sliding-window limit on JOINs: up to `limit` at once (a replica taking over a dead one's
 * channels joins them all immediately), then one whenever the oldest of the window expires.
 * Callers are served in order.
 */
export class JoinRateLimiter {
  private readonly sent: number[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly limit = JOINS_PER_WINDOW,
    private readonly windowMs = JOIN_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Resolves when one more JOIN may be sent, and counts it. */
  acquire(): Promise<void> {
    const turn = this.queue.then(async () => {
      for (;;) {
        const now = this.now();
        while (this.sent.length > 0 && (this.sent[0] ?? now) <= now - this.windowMs)
          this.sent.shift();
        if (this.sent.length < this.limit) {
          this.sent.push(now);
          return;
        }
        const wait = (this.sent[0] ?? now) + this.windowMs - now;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    });
    this.queue = turn;
    return turn;
  }
}
