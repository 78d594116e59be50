import { Controller, Get, Inject } from '@nestjs/common';
import type { AppInfoDto } from '@greetboard/contracts/wire';
import { DEFAULT_EMOTE_URL_TEMPLATE } from '../config.js';
import { Public } from '../http/access.guard.js';
import { GATEWAY_AUTH_SETTINGS, type GatewayAuthSettings } from './gateway-auth.settings.js';

/** What the web app shows in its footer and demo banner. */
@Controller('api')
export class AppInfoController {
  constructor(@Inject(GATEWAY_AUTH_SETTINGS) private readonly settings: GatewayAuthSettings) {}

  @Public()
  @Get('app-info')
  info(): AppInfoDto {
    return {
      version: this.settings.version,
      commit: this.settings.commit,
      demoMode: this.settings.demoMode,
      emoteUrlTemplate: this.settings.emoteUrlTemplate ?? DEFAULT_EMOTE_URL_TEMPLATE,
    };
  }
}
