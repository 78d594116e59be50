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
  'websocketConnections' | 'tmiConnections' | 'channels'
>;

/** This process's replica id unless a service has its own (chat-ingest's lease holder id). */
export const PROCESS_REPLICA_ID = `${hostname()}-${process.pid}`;

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
      const { rss, heapTotal, heapUsed } = process.memoryUsage();
      await emitEvent(this.bus, ADMIN_STATUS_EVENTS.report, {
        probeId: probe.probeId,
        service,
        replicaId,
        processId: PROCESS_REPLICA_ID,
        uptime: Math.floor(process.uptime()),
        memoryUsage: { rss, heapTotal, heapUsed },
        ...this.details?.(),
      });
    }
  }
  return ReplicaStatusController;
}
