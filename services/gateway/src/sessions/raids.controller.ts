import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import {
  GreetRaidersBody,
  IdParams,
  RAID_REQUESTS,
  RaidParams,
  RaidSettingsBody,
  sendRequest,
  UngreetRaidersBody,
  type ChatterDto,
  type RaidDto,
  type RaidGreetResult,
  type RaidSettingsDto,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { CurrentUser, type AuthenticatedUser } from '../http/current-user.decorator.js';
import { actorOf } from './actor.js';

/**
 * A session's raids and 'greet all raiders' with its undo (ADR 0032): the raiders it will greet
 * first, then those of them (ADR 0053). Not for overlay links.
 */
@Controller('api/sessions')
export class RaidsController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  /** The session's raids, newest first. */
  @Get(':id/raids')
  list(@CurrentUser() user: AuthenticatedUser, @Param() { id }: IdParams): Promise<RaidDto[]> {
    return sendRequest(this.bus, RAID_REQUESTS.listRaids, { actor: actorOf(user), sessionId: id });
  }

  /** The raid's raiders not greeted yet, first seen first: what 'greet all raiders' shows. */
  @Get(':id/raids/:raidId/raiders')
  pendingRaiders(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id, raidId }: RaidParams,
  ): Promise<ChatterDto[]> {
    return sendRequest(this.bus, RAID_REQUESTS.listPendingRaiders, {
      actor: actorOf(user),
      sessionId: id,
      raidId,
    });
  }

  /**
   * Greets those of `chatterIds` that are the raid's ungreeted raiders (without a body, all of
   * them); answers the chatters it greeted.
   */
  @Post(':id/raids/:raidId/greet')
  @HttpCode(200)
  greetAll(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id, raidId }: RaidParams,
    @Body() body?: GreetRaidersBody,
  ): Promise<RaidGreetResult> {
    return sendRequest(this.bus, RAID_REQUESTS.greetRaiders, {
      actor: actorOf(user),
      sessionId: id,
      raidId,
      ...(body?.chatterIds ? { chatterIds: body.chatterIds } : {}),
    });
  }

  /** Undoes 'greet all raiders': un-greets exactly the named raiders of the raid. */
  @Post(':id/raids/:raidId/ungreet')
  @HttpCode(200)
  ungreet(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id, raidId }: RaidParams,
    @Body() body: UngreetRaidersBody,
  ): Promise<RaidGreetResult> {
    return sendRequest(this.bus, RAID_REQUESTS.ungreetRaiders, {
      actor: actorOf(user),
      sessionId: id,
      raidId,
      chatterIds: body.chatterIds,
    });
  }
}

/** The signed-in user's raid settings (ADR 0053): the window that makes a new chatter a raider. */
@Controller('api/settings/raids')
export class RaidSettingsController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @Get()
  get(@CurrentUser() user: AuthenticatedUser): Promise<RaidSettingsDto> {
    return sendRequest(this.bus, RAID_REQUESTS.getRaidSettings, { actor: actorOf(user) });
  }

  @Put()
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: RaidSettingsBody,
  ): Promise<RaidSettingsDto> {
    return sendRequest(this.bus, RAID_REQUESTS.updateRaidSettings, {
      actor: actorOf(user),
      windowSeconds: body.windowSeconds,
    });
  }
}
