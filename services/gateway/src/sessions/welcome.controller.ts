import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import {
  IdParams,
  sendRequest,
  ShoutoutBody,
  UpdateWelcomeBody,
  WELCOME_REQUESTS,
  type RaidShoutoutDto,
  type ShoutoutResult,
  type WelcomeMessageDto,
  type WelcomeSettingsDto,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { CurrentUser, type AuthenticatedUser } from '../http/current-user.decorator.js';
import { actorOf } from './actor.js';

/** Welcome messages in chat and shoutouts of a session (ADR 0054); not for overlay links. */
@Controller('api/sessions')
export class WelcomeController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @Get(':id/welcome')
  get(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id }: IdParams,
  ): Promise<WelcomeSettingsDto> {
    return sendRequest(this.bus, WELCOME_REQUESTS.getWelcome, {
      actor: actorOf(user),
      sessionId: id,
    });
  }

  @Put(':id/welcome')
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id }: IdParams,
    @Body() body: UpdateWelcomeBody,
  ): Promise<WelcomeSettingsDto> {
    return sendRequest(this.bus, WELCOME_REQUESTS.updateWelcome, {
      ...body,
      actor: actorOf(user),
      sessionId: id,
    });
  }

  /** The session's newest welcome messages and what became of them. */
  @Get(':id/welcome/messages')
  messages(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id }: IdParams,
  ): Promise<WelcomeMessageDto[]> {
    return sendRequest(this.bus, WELCOME_REQUESTS.listWelcomeMessages, {
      actor: actorOf(user),
      sessionId: id,
    });
  }

  /** The automatic shoutouts of the session's raiding channels and Twitch's answers. */
  @Get(':id/welcome/shoutouts')
  raidShoutouts(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id }: IdParams,
  ): Promise<RaidShoutoutDto[]> {
    return sendRequest(this.bus, WELCOME_REQUESTS.listRaidShoutouts, {
      actor: actorOf(user),
      sessionId: id,
    });
  }

  /** A Helix shoutout for `twitchId` from the session owner's channel. */
  @Post(':id/shoutouts')
  @HttpCode(200)
  shoutout(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id }: IdParams,
    @Body() body: ShoutoutBody,
  ): Promise<ShoutoutResult> {
    return sendRequest(this.bus, WELCOME_REQUESTS.sendShoutout, {
      actor: actorOf(user),
      sessionId: id,
      twitchId: body.twitchId,
    });
  }
}
