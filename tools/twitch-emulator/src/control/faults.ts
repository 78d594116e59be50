import { type HelixFaults } from '../helix/helix.js';
import { type DeliveryFaults } from '../irc/connection.js';

/** Key for faults aimed at every connection rather than one client id. */
const ALL = '*';

interface HelixFault {
  readonly status: 429 | 500;
  readonly until?: number;
  remaining?: number;
}

/** Active faults; the IRC connections and Helix consult this on every delivery and request. */
export class FaultState implements DeliveryFaults, HelixFaults {
  private readonly latency = new Map<string, number>();
  private readonly split = new Set<string>();
  private readonly stalls = new Map<string, number>();
  private helix: HelixFault | undefined;

  latencyMs(connectionId: string): number {
    return this.latency.get(connectionId) ?? this.latency.get(ALL) ?? 0;
  }

  splitsFrames(connectionId: string): boolean {
    return this.split.has(connectionId) || this.split.has(ALL);
  }

  stalledUntil(connectionId: string): number {
    return Math.max(this.stalls.get(connectionId) ?? 0, this.stalls.get(ALL) ?? 0);
  }

  takeHelixFault(): 429 | 500 | undefined {
    const fault = this.helix;
    if (!fault) return undefined;
    if (fault.until !== undefined && Date.now() >= fault.until) {
      this.helix = undefined;
      return undefined;
    }
    if (fault.remaining !== undefined) {
      fault.remaining--;
      if (fault.remaining <= 0) this.helix = undefined;
    }
    return fault.status;
  }

  setLatency(ms: number, clientId?: string): void {
    if (ms > 0) this.latency.set(clientId ?? ALL, ms);
    else this.latency.delete(clientId ?? ALL);
  }

  setSplitFrames(enabled: boolean, clientId?: string): void {
    if (enabled) this.split.add(clientId ?? ALL);
    else this.split.delete(clientId ?? ALL);
  }

  stall(durationMs: number, clientId?: string): void {
    this.stalls.set(clientId ?? ALL, Date.now() + durationMs);
  }

  failHelix(status: 429 | 500, limit: { durationMs?: number; count?: number }): void {
    this.helix = {
      status,
      ...(limit.durationMs === undefined ? {} : { until: Date.now() + limit.durationMs }),
      ...(limit.count === undefined ? {} : { remaining: limit.count }),
    };
  }

  clear(): void {
    this.latency.clear();
    this.split.clear();
    this.stalls.clear();
    this.helix = undefined;
  }
}
