import { Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { sendRequest, SESSIONS_REQUESTS, type SessionDto, IdParams } from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { AdminOnly } from '../http/access.guard.js';
import { CurrentUser, type AuthenticatedUser } from '../http/current-user.decorator.js';
import { actorOf } from './actor.js';

@AdminOnly()
@Controller('api/admin/sessions')
export class AdminSessionsController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @Get()
  list(@CurrentUser() user: AuthenticatedUser): Promise<SessionDto[]> {
    return sendRequest(this.bus, SESSIONS_REQUESTS.adminListSessions, { actor: actorOf(user) });
  }

  @Post(':id/force-stop')
  @HttpCode(200)
  forceStop(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id }: IdParams,
  ): Promise<SessionDto> {
    return sendRequest(this.bus, SESSIONS_REQUESTS.forceStopSession, {
      actor: actorOf(user),
      sessionId: id,
    });
  }
}
