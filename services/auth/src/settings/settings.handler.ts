import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AUTH_REQUESTS,
  UpdateSettingsRequest,
  UserRequest,
  type UserSettingsDto,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { AutoStartWatcher } from '../auto-start/auto-start-watcher.js';
import { SettingsService } from './settings.service.js';

/** The user's settings: read and change. */
@Controller()
export class SettingsHandler {
  constructor(
    private readonly settings: SettingsService,
    private readonly autoStart: AutoStartWatcher,
  ) {}

  @OnRequest(AUTH_REQUESTS.getSettings)
  get(@Payload() request: UserRequest): Promise<UserSettingsDto> {
    return this.settings.get(request.userId);
  }

  @OnRequest(AUTH_REQUESTS.updateSettings)
  async update(@Payload() request: UpdateSettingsRequest): Promise<UserSettingsDto> {
    const settings = await this.settings.update(request.userId, request.changes);
    // Watching starts or stops now rather than at the watcher's next round.
    if (request.changes.autoStartSessions !== undefined) this.autoStart.refresh();
    return settings;
  }
}
