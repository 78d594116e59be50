import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '../http/access.guard.js';
import { GATEWAY_AUTH_SETTINGS, type GatewayAuthSettings } from './gateway-auth.settings.js';

export interface AppInfo {
  version: string;
  commit: string;
  demoMode: boolean;
}

/** What the web app shows in its footer and demo banner. */
@Controller('api')
export class AppInfoController {
  constructor(@Inject(GATEWAY_AUTH_SETTINGS) private readonly settings: GatewayAuthSettings) {}

  @Public()
  @Get('app-info')
  info(): AppInfo {
    return {
      version: this.settings.version,
      commit: this.settings.commit,
      demoMode: this.settings.demoMode,
    };
  }
}
