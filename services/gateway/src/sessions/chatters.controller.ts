import { Body, Controller, Inject, Param, Put } from '@nestjs/common';
import {
  sendRequest,
  SESSIONS_REQUESTS,
  type ChatterDto,
  GreetChatterBody,
  IdParams,
  type LoginAccess,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { OverlayRoute } from '../http/access.guard.js';
import {
  CurrentAccess,
  CurrentUser,
  type AuthenticatedUser,
} from '../http/current-user.decorator.js';
import { actorOf } from './actor.js';

@Controller('api/chatters')
export class ChattersController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  /** Greets or un-greets; the server fills greetedAt and greetedBy. */
  @OverlayRoute('greet')
  @Put(':id/greet')
  async greet(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentAccess() access: LoginAccess,
    @Param() { id }: IdParams,
    @Body() body: GreetChatterBody,
  ): Promise<ChatterDto> {
    return sendRequest(this.bus, SESSIONS_REQUESTS.greetChatter, {
      actor: actorOf(user, access),
      chatterId: id,
      isGreeted: body.isGreeted,
    });
  }
}
