import { Body, Controller, Delete, Get, Inject, Param, Post } from '@nestjs/common';
import {
  sendRequest,
  SESSIONS_REQUESTS,
  type IgnoredUserDto,
  AddIgnoredUserBody,
  IdParams,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { CurrentUser, type AuthenticatedUser } from '../http/current-user.decorator.js';
import { actorOf } from './actor.js';

@Controller('api/ignored-users')
export class IgnoredUsersController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @Get()
  list(@CurrentUser() user: AuthenticatedUser): Promise<IgnoredUserDto[]> {
    return sendRequest(this.bus, SESSIONS_REQUESTS.listIgnoredUsers, { actor: actorOf(user) });
  }

  @Post()
  add(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: AddIgnoredUserBody,
  ): Promise<IgnoredUserDto> {
    return sendRequest(this.bus, SESSIONS_REQUESTS.addIgnoredUser, {
      actor: actorOf(user),
      ...body,
    });
  }

  @Delete(':id')
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id }: IdParams,
  ): Promise<{ id: string }> {
    return sendRequest(this.bus, SESSIONS_REQUESTS.removeIgnoredUser, {
      actor: actorOf(user),
      id,
    });
  }
}
