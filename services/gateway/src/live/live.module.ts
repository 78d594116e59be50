import { Module, type DynamicModule } from '@nestjs/common';
import type { KeyValueStore } from '@greetboard/kv';
import { GATEWAY_AUTH_SETTINGS, type GatewayAuthSettings } from '../auth/gateway-auth.settings.js';
import { GATEWAY_KV } from '../gateway.tokens.js';
import { SessionViewsModule } from '../sessions/session-views.module.js';
import { LiveCommands } from './live-commands.js';
import { LiveHub } from './live-hub.js';
import { LiveLimits } from './live-limits.js';
import { LiveRelayHandler } from './live-relay.handler.js';
import { LiveSocketServer } from './live-socket.server.js';
import { LivePresence } from './presence/live-presence.js';
import { PresenceHandler } from './presence/presence.handler.js';

/** The live channel: `/ws` sockets and the relay of bus events to them. */
@Module({})
export class LiveModule {
  static register(settings: GatewayAuthSettings, kv: KeyValueStore): DynamicModule {
    return {
      module: LiveModule,
      imports: [SessionViewsModule],
      controllers: [LiveRelayHandler, PresenceHandler],
      providers: [
        { provide: GATEWAY_AUTH_SETTINGS, useValue: settings },
        { provide: GATEWAY_KV, useValue: kv },
        LiveLimits,
        LiveHub,
        LiveCommands,
        LiveSocketServer,
        LivePresence,
      ],
      exports: [LiveHub],
    };
  }
}
