import { Body, Controller, Delete, Get, Inject, Param, Post, Put } from '@nestjs/common';
import {
  sendRequest,
  SESSIONS_REQUESTS,
  type GlobalEditorDto,
  type GlobalEditorInviteDto,
  AnswerInviteBody,
  IdParams,
  InviteEditorBody,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { CurrentUser, type AuthenticatedUser } from '../http/current-user.decorator.js';
import { actorOf } from './actor.js';

@Controller('api')
export class GlobalEditorsController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @Get('global-editors')
  list(@CurrentUser() user: AuthenticatedUser): Promise<GlobalEditorDto[]> {
    return sendRequest(this.bus, SESSIONS_REQUESTS.listGlobalEditors, { actor: actorOf(user) });
  }

  @Post('global-editors/invite')
  invite(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: InviteEditorBody,
  ): Promise<GlobalEditorInviteDto> {
    return sendRequest(this.bus, SESSIONS_REQUESTS.inviteGlobalEditor, {
      actor: actorOf(user),
      ...body,
    });
  }

  @Delete('global-editors/:id')
  remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id }: IdParams,
  ): Promise<{ id: string }> {
    return sendRequest(this.bus, SESSIONS_REQUESTS.removeGlobalEditor, {
      actor: actorOf(user),
      id,
    });
  }

  /** Pending invites only, sent and received. */
  @Get('global-editor-invites')
  invites(@CurrentUser() user: AuthenticatedUser): Promise<GlobalEditorInviteDto[]> {
    return sendRequest(this.bus, SESSIONS_REQUESTS.listInvites, { actor: actorOf(user) });
  }

  @Put('global-editor-invites/:id')
  answer(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id }: IdParams,
    @Body() body: AnswerInviteBody,
  ): Promise<GlobalEditorInviteDto> {
    return sendRequest(this.bus, SESSIONS_REQUESTS.answerInvite, {
      actor: actorOf(user),
      id,
      status: body.status,
    });
  }
}
