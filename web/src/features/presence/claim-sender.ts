import { CLAIM_RENEW_MS, type ClientMessage } from '@greetboard/contracts/wire';

/** How long the keyboard or pointer must rest on a row before it is claimed or released. */
export const CLAIM_DELAY_MS = 600;
/**
 * The least time between two claim messages: with renewals every CLAIM_RENEW_MS, a socket
 * stays far below the gateway's claim budget (12 per 10 s) and its message limit (30 per 10 s).
 */
export const CLAIM_GAP_MS = 1_000;

interface Target {
  sessionId: string;
  chatterId: string;
}

export interface ClaimSenderEnvironment {
  send: (message: ClientMessage) => boolean;
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

/**
 * Turns where the keyboard and pointer rest into claim messages: a claim once they rested
 * CLAIM_DELAY_MS on a row, renewed every CLAIM_RENEW_MS while they stay, a release once they
 * left (a new claim replaces the old one without a release), never two messages closer than
 * CLAIM_GAP_MS. Rushing through the list therefore sends nothing.
 */
export class ClaimSender {
  private wanted: Target | null = null;
  private held: Target | null = null;
  private lastSentAt = -Infinity;
  private timer: unknown = null;
  private renewal: unknown = null;

  constructor(private readonly env: ClaimSenderEnvironment) {}

  /** Where the claim should be now (null: nowhere). */
  want(target: Target | null): void {
    this.wanted = target;
    if (this.timer !== null) this.env.clearTimeout(this.timer);
    this.timer = null;
    if (same(target, this.held)) return;
    if (!target && !this.held) return;
    const wait = Math.max(CLAIM_DELAY_MS, this.lastSentAt + CLAIM_GAP_MS - this.env.now());
    this.timer = this.env.setTimeout(() => {
      this.timer = null;
      this.settle();
    }, wait);
  }

  /** Ends any claim at once (the page goes away). */
  stop(): void {
    this.wanted = null;
    if (this.timer !== null) this.env.clearTimeout(this.timer);
    this.timer = null;
    this.settle();
  }

  private settle(): void {
    if (this.renewal !== null) this.env.clearInterval(this.renewal);
    this.renewal = null;
    const target = this.wanted;
    if (target) {
      this.claim(target);
      this.renewal = this.env.setInterval(() => this.claim(target), CLAIM_RENEW_MS);
    } else if (this.held) {
      this.env.send({ type: 'release_chatter', payload: { sessionId: this.held.sessionId } });
      this.lastSentAt = this.env.now();
    }
    this.held = target;
  }

  private claim(target: Target): void {
    if (this.held && this.held.sessionId !== target.sessionId) {
      this.env.send({ type: 'release_chatter', payload: { sessionId: this.held.sessionId } });
    }
    this.env.send({ type: 'claim_chatter', payload: { ...target } });
    this.lastSentAt = this.env.now();
  }
}

const same = (a: Target | null, b: Target | null) =>
  a === b ||
  (a !== null && b !== null && a.sessionId === b.sessionId && a.chatterId === b.chatterId);
