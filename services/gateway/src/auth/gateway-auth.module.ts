import {
  Module,
  RequestMethod,
  type DynamicModule,
  type MiddlewareConsumer,
  type NestModule,
} from '@nestjs/common';
import type { KeyValueStore } from '@greetboard/kv';
import { GATEWAY_KV } from '../gateway.tokens.js';
import { AccountController } from './account.controller.js';
import { LoginSessionsController } from './login-sessions.controller.js';
import { OverlayLinksController } from './overlay-links.controller.js';
import { AdminUsersController } from './admin-users.controller.js';
import { AppInfoController } from './app-info.controller.js';
import { GATEWAY_AUTH_SETTINGS, type GatewayAuthSettings } from './gateway-auth.settings.js';
import { RateLimit, SameOriginCheck } from './protections.js';
import { SessionResolution } from './session-resolution.middleware.js';
import { SignInController } from './sign-in.controller.js';
import { TwitchUsersController } from './twitch-users.controller.js';

/**
 * Sign-in, the signed-in user's account and settings, user search and the admin user table,
 * with the protections every route gets: same-origin check, rate limits, session lookup.
 */
@Module({})
export class GatewayAuthModule implements NestModule {
  static register(settings: GatewayAuthSettings, kv: KeyValueStore): DynamicModule {
    return {
      module: GatewayAuthModule,
      controllers: [
        SignInController,
        AccountController,
        OverlayLinksController,
        LoginSessionsController,
        TwitchUsersController,
        AdminUsersController,
        AppInfoController,
      ],
      providers: [
        { provide: GATEWAY_AUTH_SETTINGS, useValue: settings },
        { provide: GATEWAY_KV, useValue: kv },
        SameOriginCheck,
        RateLimit,
        SessionResolution,
      ],
      exports: [GATEWAY_AUTH_SETTINGS],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(SameOriginCheck, RateLimit, SessionResolution)
      .forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
