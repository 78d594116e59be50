import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  CLAIM_TTL_MS,
  emitEvent,
  PRESENCE_EVENTS,
  type PresenceUser,
  type ReplicaPresence,
  type ServerMessage,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import type { LiveConnection } from '../live-connection.js';
import { LiveHub } from '../live-hub.js';
import { PresenceBoard, type ReplicaPart, type SessionView } from './presence-board.js';

/** Timings of presence; tests shorten them. */
export interface PresenceTimings {
  /** How often a replica repeats its presence on the bus. */
  heartbeatMs: number;
  /** How long others keep a replica's presence without a heartbeat (three missed beats). */
  replicaTtlMs: number;
  /** How often lapsed claims and silent replicas are swept. */
  sweepMs: number;
  /** Claim messages one socket may send per window; more are dropped. */
  claimsPerWindow: number;
  claimWindowMs: number;
}

export const PRESENCE_TIMINGS = Symbol('PRESENCE_TIMINGS');

export const DEFAULT_PRESENCE_TIMINGS: PresenceTimings = {
  heartbeatMs: 5_000,
  replicaTtlMs: 15_000,
  sweepMs: 1_000,
  claimsPerWindow: 12,
  claimWindowMs: 10_000,
};

interface HeldClaim {
  chatterId: string;
  expiresAt: number;
}

interface ClaimBudget {
  windowStart: number;
  used: number;
}

/** The person behind a socket, as presence shows them. */
const personOf = ({ user }: LiveConnection): PresenceUser => ({
  id: user.id,
  username: user.username,
  displayName: user.displayName,
  profileImage: user.profileImage,
});

/** Browsers count; overlay links (an OBS scene, not a person) neither count nor hear it. */
const isPerson = (connection: LiveConnection) => connection.access === 'browser';

/**
 * Presence and soft claims (ADR 0034). Each replica knows its own sockets' rooms from the hub,
 * tells the others its part of each session over the bus (on change and as a heartbeat), keeps
 * theirs in a `PresenceBoard` until they lapse, and sends the merged view to the browsers in
 * the session's room here whenever it changes.
 */
@Injectable()
export class LivePresence implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly replicaId = randomUUID();
  private readonly logger = new Logger('presence');
  private readonly board = new PresenceBoard();
  private readonly timings: PresenceTimings;
  /** This replica's claims, per socket and session. */
  private readonly claims = new Map<LiveConnection, Map<string, HeldClaim>>();
  private readonly budgets = new WeakMap<LiveConnection, ClaimBudget>();
  /** What each session's room here was last sent, to send only changes. */
  private readonly sent = new Map<string, { users: string; claims: string }>();
  /** Sessions this replica reported a part of, so it withdraws them when they empty. */
  private readonly reported = new Set<string>();
  private timers: NodeJS.Timeout[] = [];
  private stopHub?: () => void;

  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    private readonly hub: LiveHub,
    @Optional() @Inject(PRESENCE_TIMINGS) timings?: Partial<PresenceTimings>,
  ) {
    this.timings = { ...DEFAULT_PRESENCE_TIMINGS, ...timings };
  }

  onApplicationBootstrap(): void {
    this.stopHub = this.hub.onRoomChange((connection, sessionId, joined) =>
      this.roomChanged(connection, sessionId, joined),
    );
    const every = (ms: number, task: () => void) => {
      const timer = setInterval(task, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.timings.heartbeatMs, () => this.heartbeat());
    every(this.timings.sweepMs, () => this.sweep());
    this.publish(PRESENCE_EVENTS.sync, { replicaId: this.replicaId });
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.stopHub?.();
  }

  /**
   * A claim from a socket in the session's room; dropped past the socket's claim budget.
   * Answers why a claim was dropped, for the caller to count (never a log line per claim).
   */
  claim(
    connection: LiveConnection,
    sessionId: string,
    chatterId: string,
    now = Date.now(),
  ): 'claim_rate' | 'not_joined' | undefined {
    if (!this.withinBudget(connection, now)) return 'claim_rate';
    if (!connection.rooms.has(sessionId) || !isPerson(connection)) return 'not_joined';
    let held = this.claims.get(connection);
    if (!held) this.claims.set(connection, (held = new Map<string, HeldClaim>()));
    held.set(sessionId, { chatterId, expiresAt: now + CLAIM_TTL_MS });
    this.localChanged(sessionId);
    return undefined;
  }

  release(connection: LiveConnection, sessionId: string): void {
    if (this.dropClaim(connection, sessionId)) this.localChanged(sessionId);
  }

  /** Another replica's part of a session. */
  receive(presence: ReplicaPresence, now = Date.now()): void {
    if (presence.replicaId === this.replicaId) return;
    const part: ReplicaPart = {
      users: presence.users.map(({ id, username, displayName, profileImage }) => ({
        id,
        username,
        displayName,
        profileImage: profileImage ?? null,
      })),
      claims: presence.claims.map(({ chatterId, userId, ttlMs }) => ({
        chatterId,
        userId,
        expiresAt: now + ttlMs,
      })),
    };
    this.board.put(presence.sessionId, presence.replicaId, part, now + presence.ttlMs);
    this.push(presence.sessionId, now);
  }

  /** A replica that just started: it hears every part of this one at once. */
  syncRequested(replicaId: string): void {
    if (replicaId === this.replicaId) return;
    this.heartbeat();
  }

  /** The session as this replica sees it now (tests and the join answer). */
  view(sessionId: string, now = Date.now()): SessionView {
    return this.board.view(sessionId, now);
  }

  private roomChanged(connection: LiveConnection, sessionId: string, joined: boolean): void {
    if (!isPerson(connection)) return;
    if (!joined) this.dropClaim(connection, sessionId);
    const now = Date.now();
    this.report(sessionId, now);
    const sent = this.push(sessionId, now);
    if (!joined) return;
    // The newcomer hears the whole picture, whether or not it changed for the others.
    const view = this.board.view(sessionId, now);
    if (!sent.users) {
      connection.send({ type: 'presence_update', payload: { sessionId, users: view.users } });
    }
    if (!sent.claims) {
      connection.send({ type: 'claims_update', payload: { sessionId, claims: view.claims } });
    }
  }

  private dropClaim(connection: LiveConnection, sessionId: string): boolean {
    const held = this.claims.get(connection);
    const dropped = held?.delete(sessionId) ?? false;
    if (held?.size === 0) this.claims.delete(connection);
    return dropped;
  }

  /** This replica's part of a session, from the hub's room and the claims held here. */
  private localPart(sessionId: string, now: number): ReplicaPart {
    const users = new Map<string, PresenceUser>();
    const claims: ReplicaPart['claims'] = [];
    for (const connection of this.hub.membersOf(sessionId)) {
      if (!isPerson(connection)) continue;
      users.set(connection.user.id, personOf(connection));
      const claim = this.claims.get(connection)?.get(sessionId);
      if (claim && claim.expiresAt > now) {
        claims.push({ ...claim, userId: connection.user.id });
      }
    }
    return { users: [...users.values()], claims };
  }

  private localChanged(sessionId: string, now = Date.now()): void {
    this.report(sessionId, now);
    this.push(sessionId, now);
  }

  /** Updates this replica's part on its board and tells the other replicas. */
  private report(sessionId: string, now: number): void {
    const part = this.localPart(sessionId, now);
    this.board.put(sessionId, this.replicaId, part, Infinity);
    const empty = part.users.length === 0 && part.claims.length === 0;
    if (empty && !this.reported.has(sessionId)) return;
    if (empty) this.reported.delete(sessionId);
    else this.reported.add(sessionId);
    this.publish(PRESENCE_EVENTS.presence, {
      replicaId: this.replicaId,
      sessionId,
      users: part.users,
      claims: part.claims.map(({ chatterId, userId, expiresAt }) => ({
        chatterId,
        userId,
        ttlMs: Math.min(CLAIM_TTL_MS, Math.max(0, expiresAt - now)),
      })),
      ttlMs: this.timings.replicaTtlMs,
    });
  }

  /** Sends the session's view to its room here where it changed since the last time. */
  private push(sessionId: string, now: number): { users: boolean; claims: boolean } {
    const view = this.board.view(sessionId, now);
    const users = JSON.stringify(view.users);
    const claims = JSON.stringify(view.claims);
    const last = this.sent.get(sessionId);
    const members = [...this.hub.membersOf(sessionId)].filter(isPerson);
    if (members.length === 0) {
      this.sent.delete(sessionId);
      return { users: false, claims: false };
    }
    this.sent.set(sessionId, { users, claims });
    const changed = { users: last?.users !== users, claims: last?.claims !== claims };
    if (changed.users) {
      this.sendAll(members, { type: 'presence_update', payload: { sessionId, users: view.users } });
    }
    if (changed.claims) {
      this.sendAll(members, { type: 'claims_update', payload: { sessionId, claims: view.claims } });
    }
    return changed;
  }

  private sendAll(members: LiveConnection[], message: ServerMessage): void {
    // Serialised once, whatever the number of members.
    const text = JSON.stringify(message);
    for (const connection of members) connection.send(text);
  }

  private heartbeat(): void {
    const now = Date.now();
    for (const sessionId of [...this.reported]) this.report(sessionId, now);
  }

  private sweep(): void {
    const now = Date.now();
    // Claims of this replica's sockets that were not renewed in time.
    const lapsed = new Set<string>();
    for (const [connection, held] of this.claims) {
      for (const [sessionId, claim] of held) {
        if (claim.expiresAt <= now) {
          held.delete(sessionId);
          lapsed.add(sessionId);
        }
      }
      if (held.size === 0) this.claims.delete(connection);
    }
    for (const sessionId of lapsed) this.report(sessionId, now);
    for (const sessionId of new Set([...lapsed, ...this.board.sweep(now)])) {
      this.push(sessionId, now);
    }
  }

  private withinBudget(connection: LiveConnection, now: number): boolean {
    let budget = this.budgets.get(connection);
    if (!budget || now - budget.windowStart >= this.timings.claimWindowMs) {
      budget = { windowStart: now, used: 0 };
      this.budgets.set(connection, budget);
    }
    budget.used++;
    return budget.used <= this.timings.claimsPerWindow;
  }

  private publish<T extends object>(
    definition: Parameters<typeof emitEvent<T>>[1],
    payload: T,
  ): void {
    emitEvent(this.bus, definition, payload).catch((error: unknown) => {
      // A lost report heals with the next heartbeat.
      this.logger.warn(`Presence not sent: ${String(error)}`);
    });
  }
}
