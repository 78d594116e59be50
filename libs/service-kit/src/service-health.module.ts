import {
  Controller,
  Inject,
  Injectable,
  Logger,
  Module,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type DynamicModule,
  type Type,
} from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import {
  HealthCheckRequest,
  type DependencyStatus,
  type HealthReport,
  type RequestDefinition,
} from '@greetboard/contracts';
import { pingDatabase } from '@greetboard/persistence';
import { BUS_CLIENT, OnRequest, natsHealth, type BusClient } from '@greetboard/transport';
import {
  initMetrics,
  openProcessOpsServer,
  reportServiceState,
  type OpsServer,
} from '@greetboard/metrics';
import { metricsPortFromEnv } from './metrics-port.js';

const SERVICE_NAME = Symbol('SERVICE_NAME');
const EXTRA_CHECKS = Symbol('EXTRA_CHECKS');

/** Further dependencies a service checks for readiness, by name: true when it answers. */
export type ReadinessChecks = Record<string, () => Promise<boolean>>;
const startedAt = Date.now();

/**
 * Checks a service's own dependencies: the message bus, its database when it has one, and
 * whatever else it registered (e.g. the key-value store).
 */
@Injectable()
export class DependencyChecks {
  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(EXTRA_CHECKS) private readonly extra: ReadinessChecks,
    @Optional() private readonly dataSource?: DataSource,
  ) {}

  async report(probe: HealthCheckRequest['probe']): Promise<HealthReport> {
    const checks: Record<string, DependencyStatus> = {};
    if (probe === 'readiness') {
      checks.nats = await natsHealth(this.bus);
      if (this.dataSource) {
        checks.database = (await pingDatabase(this.dataSource)) ? 'up' : 'down';
      }
      for (const [name, check] of Object.entries(this.extra)) {
        checks[name] = (await check().catch(() => false)) ? 'up' : 'down';
      }
    }
    const status = Object.values(checks).every((check) => check === 'up') ? 'up' : 'down';
    return {
      service: this.service,
      status,
      checks,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    };
  }
}

/** Serves a service's metrics and its Kubernetes probes on METRICS_PORT. */
@Injectable()
class OpsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: OpsServer | undefined;
  private stopReporting: (() => void) | undefined;

  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    private readonly checks: DependencyChecks,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    initMetrics(this.service);
    this.stopReporting = reportServiceState(this.service, async () => {
      const report = await this.checks.report('readiness');
      return { ready: report.status === 'up', dependencies: dependencyStates(report) };
    });
    const port = metricsPortFromEnv();
    if (port === undefined) return;
    // In the standalone runtime the first app to boot serves the whole process.
    this.server = await openProcessOpsServer({
      port,
      readiness: async () => {
        const report = await this.checks.report('readiness');
        return { ready: report.status === 'up', report };
      },
    });
    if (!this.server) return;
    new Logger(this.service).log(`Metrics and probes on port ${this.server.port}`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopReporting?.();
    if (!this.server) return;
    await this.server.close();
    this.server = undefined;
  }
}

/** The readiness checks as `greetboard_dependency_up` names them (the key-value store is Redis). */
function dependencyStates(report: HealthReport): Record<string, boolean> {
  return Object.fromEntries(
    Object.entries(report.checks).map(([name, status]) => [
      name === 'keyValueStore' ? 'redis' : name,
      status === 'up',
    ]),
  );
}

function healthController(
  definition: RequestDefinition<HealthCheckRequest, HealthReport>,
): Type<unknown> {
  @Controller()
  class ServiceHealthController {
    constructor(private readonly checks: DependencyChecks) {}

    @OnRequest(definition)
    check(@Payload() request: HealthCheckRequest): Promise<HealthReport> {
      return this.checks.report(request.probe);
    }
  }
  return ServiceHealthController;
}

/** Answers the service's health request over the bus (see HEALTH_CHECKS in contracts). */
@Module({})
export class ServiceHealthModule {
  static register(
    service: string,
    definition: RequestDefinition<HealthCheckRequest, HealthReport>,
    readiness: ReadinessChecks = {},
  ): DynamicModule {
    return {
      module: ServiceHealthModule,
      controllers: [healthController(definition)],
      providers: [
        { provide: SERVICE_NAME, useValue: service },
        { provide: EXTRA_CHECKS, useValue: readiness },
        DependencyChecks,
        OpsListener,
      ],
    };
  }
}
