import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  SessionIdRequest,
  ShoutoutRequest,
  type RaidShoutoutDto,
  UpdateWelcomeRequest,
  WELCOME_REQUESTS,
  type ShoutoutResult,
  type WelcomeMessageDto,
  type WelcomeSettingsDto,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { WelcomeService } from './welcome.service.js';

@Controller()
export class WelcomeHandler {
  constructor(private readonly welcome: WelcomeService) {}

  @OnRequest(WELCOME_REQUESTS.getWelcome)
  get(@Payload() request: SessionIdRequest): Promise<WelcomeSettingsDto> {
    return this.welcome.settings(request.actor, request.sessionId);
  }

  @OnRequest(WELCOME_REQUESTS.updateWelcome)
  update(@Payload() request: UpdateWelcomeRequest): Promise<WelcomeSettingsDto> {
    const { actor, sessionId, ...changes } = request;
    return this.welcome.update(actor, sessionId, changes);
  }

  @OnRequest(WELCOME_REQUESTS.listWelcomeMessages)
  messages(@Payload() request: SessionIdRequest): Promise<WelcomeMessageDto[]> {
    return this.welcome.messages(request.actor, request.sessionId);
  }

  @OnRequest(WELCOME_REQUESTS.listRaidShoutouts)
  raidShoutouts(@Payload() request: SessionIdRequest): Promise<RaidShoutoutDto[]> {
    return this.welcome.raidShoutouts(request.actor, request.sessionId);
  }

  @OnRequest(WELCOME_REQUESTS.sendShoutout)
  shoutout(@Payload() request: ShoutoutRequest): Promise<ShoutoutResult> {
    return this.welcome.shoutout(request.actor, request.sessionId, request.twitchId);
  }
}
