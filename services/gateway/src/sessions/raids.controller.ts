import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import {
  IdParams,
  RAID_REQUESTS,
  RaidParams,
  sendRequest,
  UngreetRaidersBody,
  type RaidDto,
  type RaidGreetResult,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { CurrentUser, type AuthenticatedUser } from '../http/current-user.decorator.js';
import { actorOf } from './actor.js';

/** A session's raids and 'greet all raiders' with its undo (ADR 0032); not for overlay links. */
@Controller('api/sessions')
export class RaidsController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  /** The session's raids, newest first. */
  @Get(':id/raids')
  list(@CurrentUser() user: AuthenticatedUser, @Param() { id }: IdParams): Promise<RaidDto[]> {
    return sendRequest(this.bus, RAID_REQUESTS.listRaids, { actor: actorOf(user), sessionId: id });
  }

  /** Greets every raider of the raid not greeted yet; answers the chatters it greeted. */
  @Post(':id/raids/:raidId/greet')
  @HttpCode(200)
  greetAll(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id, raidId }: RaidParams,
  ): Promise<RaidGreetResult> {
    return sendRequest(this.bus, RAID_REQUESTS.greetRaiders, {
      actor: actorOf(user),
      sessionId: id,
      raidId,
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
