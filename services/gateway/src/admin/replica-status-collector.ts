import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ADMIN_STATUS_EVENTS,
  emitEvent,
  type ReplicaStatusDto,
  type ReplicaStatusReport,
} from '@greetboard/contracts';
import type { KeyValueStore } from '@greetboard/kv';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { GATEWAY_KV } from '../gateway.tokens.js';

/** How long a status call waits for replicas that have not answered yet. */
export const REPLICA_STATUS_DEADLINE_MS = 1_500;
/** A replica silent for this long is forgotten instead of reported missing. */
export const KNOWN_REPLICA_TTL_MS = 10 * 60 * 1000;
const KNOWN_PREFIX = 'admin:replica:';

interface KnownReplica {
  service: string;
  replicaId: string;
  lastSeen: string;
}

interface Gathering {
  reports: Map<string, ReplicaStatusReport>;
  expected: Set<string>;
  done: () => void;
}

export interface GatheredStatus {
  reports: ReplicaStatusReport[];
  replicas: ReplicaStatusDto[];
}

const keyOf = (service: string, replicaId: string) =>
  `${encodeURIComponent(service)}:${encodeURIComponent(replicaId)}`;

/**
 * Scatter-gather over the bus (ADR 0019): broadcasts a probe, collects the reports until every
 * known replica answered or the deadline passed, then reports the known ones that stayed silent
 * as missing. Replicas are known from the key-value store, shared by every gateway replica.
 */
@Injectable()
export class ReplicaStatusCollector {
  private readonly logger = new Logger('replica-status');
  private readonly gatherings = new Map<string, Gathering>();

  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(GATEWAY_KV) private readonly kv: KeyValueStore,
  ) {}

  /** A report for a probe of this gateway; reports for other gateways' probes are ignored. */
  receive(report: ReplicaStatusReport): void {
    const gathering = this.gatherings.get(report.probeId);
    if (!gathering) return;
    const key = keyOf(report.service, report.replicaId);
    gathering.reports.set(key, report);
    if (
      gathering.expected.size > 0 &&
      [...gathering.expected].every((k) => gathering.reports.has(k))
    )
      gathering.done();
  }

  async gather(deadlineMs = REPLICA_STATUS_DEADLINE_MS): Promise<GatheredStatus> {
    const known = await this.knownReplicas();
    const probeId = randomUUID();
    const gathering: Gathering = {
      reports: new Map(),
      expected: new Set(known.keys()),
      done: () => undefined,
    };
    const finished = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, deadlineMs);
      gathering.done = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.gatherings.set(probeId, gathering);
    try {
      await emitEvent(this.bus, ADMIN_STATUS_EVENTS.probe, { probeId });
      await finished;
    } finally {
      this.gatherings.delete(probeId);
    }
    const now = new Date().toISOString();
    const reports = [...gathering.reports.values()];
    await this.remember(reports, now);
    const replicas: ReplicaStatusDto[] = reports.map((report) => ({
      service: report.service,
      replicaId: report.replicaId,
      processId: report.processId ?? null,
      status: 'up',
      uptime: report.uptime,
      memoryUsage: report.memoryUsage,
      websocketConnections: report.websocketConnections ?? null,
      tmiConnections: report.tmiConnections ?? null,
      channels: report.channels ?? [],
      unjoinedChannels: report.unjoinedChannels ?? [],
      lastSeen: now,
    }));
    for (const [key, replica] of known) {
      if (gathering.reports.has(key)) continue;
      replicas.push({
        ...replica,
        processId: null,
        status: 'missing',
        uptime: null,
        memoryUsage: null,
        websocketConnections: null,
        tmiConnections: null,
        channels: [],
        unjoinedChannels: [],
      });
    }
    replicas.sort(
      (a, b) => a.service.localeCompare(b.service) || a.replicaId.localeCompare(b.replicaId),
    );
    return { reports, replicas };
  }

  private async knownReplicas(): Promise<Map<string, KnownReplica>> {
    const known = new Map<string, KnownReplica>();
    try {
      const keys = await this.kv.keysWithPrefix(KNOWN_PREFIX);
      const values = await Promise.all(keys.map((key) => this.kv.get(key)));
      values.forEach((value) => {
        if (!value) return;
        const replica = JSON.parse(value) as KnownReplica;
        known.set(keyOf(replica.service, replica.replicaId), replica);
      });
    } catch (error) {
      // Without the store the call still answers, with the replicas that reply.
      this.logger.warn(`Known replicas unavailable: ${(error as Error).message}`);
    }
    return known;
  }

  private async remember(reports: ReplicaStatusReport[], lastSeen: string): Promise<void> {
    await Promise.all(
      reports.map((report) =>
        this.kv
          .set(
            `${KNOWN_PREFIX}${keyOf(report.service, report.replicaId)}`,
            JSON.stringify({ service: report.service, replicaId: report.replicaId, lastSeen }),
            { ttlMs: KNOWN_REPLICA_TTL_MS },
          )
          .catch(() => false),
      ),
    );
  }
}
