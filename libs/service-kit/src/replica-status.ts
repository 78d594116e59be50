import { hostname } from 'node:os';
import { Controller, Inject, Optional, type Type } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  ADMIN_STATUS_EVENTS,
  emitEvent,
  ReplicaStatusProbe,
  type ReplicaService,
  type ReplicaStatusReport,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';

/** Optional provider: what a replica holds beyond uptime and memory (sockets, Twitch links). */
export const REPLICA_DETAILS = Symbol('REPLICA_DETAILS');

export type ReplicaDetails = () => Pick<
  ReplicaStatusReport,
  'websocketConnections' | 'tmiConnections' | 'channels' | 'unjoinedChannels'
>;

/** This process's replica id unless a service has its own (chat-ingest's lease holder id). */
export const PROCESS_REPLICA_ID = `${hostname()}-${process.pid}`;

type ProcessReading = Pick<ReplicaStatusReport, 'uptime' | 'memoryUsage'>;

const readings = new Map<string, ProcessReading>();
/** Probes remembered at once: enough for overlapping probes from several gateways. */
const READINGS_KEPT = 16;

/**
 * This process's uptime and memory for one probe. Several services can share a process
 * (standalone, tests); each answers the probe, and all their reports must carry the same
 * reading so the admin total, which counts each process once, does not depend on which
 * report it keeps.
 */
export function processReading(probeId: string): ProcessReading {
  let reading = readings.get(probeId);
  if (!reading) {
    const { rss, heapTotal, heapUsed } = process.memoryUsage();
    reading = { uptime: Math.floor(process.uptime()), memoryUsage: { rss, heapTotal, heapUsed } };
    readings.set(probeId, reading);
    if (readings.size > READINGS_KEPT) readings.delete(readings.keys().next().value as string);
  }
  return reading;
}

/**
 * Answers the admin panel's status probe (ADR 0019). The probe must reach every replica, so
 * each one listens in a queue group of its own instead of the service's shared group.
 */
export function replicaStatusController(
  service: ReplicaService,
  replicaId: string = PROCESS_REPLICA_ID,
): Type<unknown> {
  const queue = `replica-status.${service}.${replicaId}`.replace(/[^A-Za-z0-9_.-]/g, '_');

  @Controller()
  class ReplicaStatusController {
    constructor(
      @Inject(BUS_CLIENT) private readonly bus: BusClient,
      @Optional() @Inject(REPLICA_DETAILS) private readonly details?: ReplicaDetails,
    ) {}

    @EventPattern<Record<string, ReplicaStatusProbe>>(ADMIN_STATUS_EVENTS.probe.subject, { queue })
    async probe(@Payload() probe: ReplicaStatusProbe): Promise<void> {
      // Services validate payloads with their global pipe; gateways have none, and the id
      // is only echoed back (the receiving gateway validates the report).
      if (typeof probe?.probeId !== 'string') return;
      await emitEvent(this.bus, ADMIN_STATUS_EVENTS.report, {
        probeId: probe.probeId,
        service,
        replicaId,
        processId: PROCESS_REPLICA_ID,
        ...processReading(probe.probeId),
        ...this.details?.(),
      });
    }
  }
  return ReplicaStatusController;
}
