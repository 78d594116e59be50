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

  /**
   * Readiness: this gateway can serve, which takes its own NATS connection and nothing else.
   * Every other dependency is named in the body (up/down) for operators but does not decide:
   * - A service that is down makes only its own routes answer 503 SERVICE_UNAVAILABLE; pulling
   *   the gateway would take the web app and every other route down with it, on every replica
   *   at once (they all see the same services), so one service's outage would cascade.
   * - The key-value store (Redis) is shared by every replica too: failing readiness on it would
   *   empty the Service at once and turn the routes' 503 answers into refused connections, while
   *   the web app, live sockets and /healthz need no Redis. Rate-limited routes answer 503
   *   SERVICE_UNAVAILABLE while it is away.
   * A gateway whose own NATS connection is down can serve no API route: it is the one fault a
   * load balancer fixes by sending the request to another replica.
   */
  @Public()
  @Get('readyz')
  async readiness(@Res({ passthrough: true }) response: Response): Promise<ReadinessReport> {
    const [nats, keyValueStore, ...services] = await Promise.all([
      natsHealth(this.bus),
      this.kv
        .ping()
        .then((ok): DependencyStatus => (ok ? 'up' : 'down'))
        .catch((): DependencyStatus => 'down'),
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
      keyValueStore,
      ...Object.fromEntries(services),
    };
    const ready = nats === 'up';
    response.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not_ready', checks };
  }
}
