import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { HEALTH_CHECKS, sendRequest, type DependencyStatus } from '@greetboard/contracts';
import type { KeyValueStore } from '@greetboard/kv';
import { BUS_CLIENT, natsHealth, type BusClient } from '@greetboard/transport';
import { Public } from '../http/access.guard.js';
import { GATEWAY_KV } from '../gateway.tokens.js';

/** How long readiness waits for each service's answer. */
const SERVICE_PROBE_TIMEOUT_MS = 2_000;

export interface ReadinessReport {
  status: 'ready' | 'not_ready';
  checks: Record<string, DependencyStatus>;
}

@Controller()
export class HealthController {
  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(GATEWAY_KV) private readonly kv: KeyValueStore,
  ) {}

  /** Liveness: the process serves HTTP. Nothing else is checked, so restarts stay rare. */
  @Public()
  @Get('healthz')
  liveness(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: the bus, the key-value store and every service answer. */
  @Public()
  @Get('readyz')
  async readiness(@Res({ passthrough: true }) response: Response): Promise<ReadinessReport> {
    const [nats, redis, ...services] = await Promise.all([
      natsHealth(this.bus),
      this.kv.ping().then((ok): DependencyStatus => (ok ? 'up' : 'down')),
      ...Object.entries(HEALTH_CHECKS).map(async ([name, definition]) => {
        try {
          const report = await sendRequest(
            this.bus,
            definition,
            { probe: 'readiness' },
            { timeoutMs: SERVICE_PROBE_TIMEOUT_MS },
          );
          return [name, report.status] as const;
        } catch {
          return [name, 'down'] as const;
        }
      }),
    ]);
    const checks: Record<string, DependencyStatus> = {
      nats,
      keyValueStore: redis,
      ...Object.fromEntries(services),
    };
    const ready = Object.values(checks).every((status) => status === 'up');
    response.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not_ready', checks };
  }
}
