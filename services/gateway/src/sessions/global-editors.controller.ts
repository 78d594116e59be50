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
import { SessionAccessCache } from './session-access-cache.js';

@Controller('api')
export class GlobalEditorsController {
  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    private readonly access: SessionAccessCache,
  ) {}

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

  /**
   * Removes an editor link. Every replica forgets the editor's access when the sessions
   * service's `session_deleted` events arrive; this one forgets all it knows at once, so the
   * next request through it is asked again even before they do.
   */
  @Delete('global-editors/:id')
  async remove(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id }: IdParams,
  ): Promise<{ id: string }> {
    const removed = await sendRequest(this.bus, SESSIONS_REQUESTS.removeGlobalEditor, {
      actor: actorOf(user),
      id,
    });
    this.access.clear();
    return removed;
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
