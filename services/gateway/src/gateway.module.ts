import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { KeyValueStore } from '@greetboard/kv';
import {
  REPLICA_DETAILS,
  replicaStatusController,
  type ReplicaDetails,
} from '@greetboard/service-kit';
import { BusClientModule, type TransportRuntime } from '@greetboard/transport';
import {
  AdminStatusController,
  ReplicaReportsController,
} from './admin/admin-status.controller.js';
import { ReplicaStatusCollector } from './admin/replica-status-collector.js';
import { GatewayAuthModule } from './auth/gateway-auth.module.js';
import type { GatewayAuthSettings } from './auth/gateway-auth.settings.js';
import { HealthController } from './health/health.controller.js';
import { AccessGuard } from './http/access.guard.js';
import { GATEWAY_KV } from './gateway.tokens.js';
import { LiveHub } from './live/live-hub.js';
import { LiveModule } from './live/live.module.js';
import { SessionsHttpModule } from './sessions/sessions-http.module.js';
import { StatisticsHttpModule } from './statistics/statistics-http.module.js';

export interface GatewayModuleOptions {
  transport: TransportRuntime;
  kv: KeyValueStore;
  auth: GatewayAuthSettings;
}

@Module({})
export class GatewayModule {
  static register(options: GatewayModuleOptions): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        BusClientModule.register(options.transport),
        GatewayAuthModule.register(options.auth, options.kv),
        SessionsHttpModule,
        StatisticsHttpModule,
        LiveModule.register(options.auth, options.kv),
      ],
      controllers: [
        HealthController,
        AdminStatusController,
        ReplicaReportsController,
        replicaStatusController('gateway'),
      ],
      providers: [
        { provide: GATEWAY_KV, useValue: options.kv },
        { provide: APP_GUARD, useClass: AccessGuard },
        ReplicaStatusCollector,
        {
          provide: REPLICA_DETAILS,
          inject: [LiveHub],
          useFactory:
            (hub: LiveHub): ReplicaDetails =>
            () => ({ websocketConnections: hub.connectionCount() }),
        },
      ],
    };
  }
}
