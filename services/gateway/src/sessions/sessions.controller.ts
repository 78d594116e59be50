import {
  Body,
  Controller,
  Delete,
  Get,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  sendRequest,
  SESSIONS_REQUESTS,
  type DeleteSessionResult,
  type ChatterView,
  type ChatterCardDto,
  ChatterCardParams,
  type SessionDto,
  ChatterViewQuery,
  CreateSessionBody,
  IdParams,
  UpdateSessionBody,
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
import { chatterPages, jsonArray, streamBody } from './chatter-stream.js';

@Controller('api/sessions')
export class SessionsController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  /**
   * The caller's sessions and those of every owner who made them a global editor; through an
   * overlay link the caller's own only (ADR 0046).
   */
  @OverlayRoute('read')
  @Get()
  list(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentAccess() access: LoginAccess,
  ): Promise<SessionDto[]> {
    return sendRequest(this.bus, SESSIONS_REQUESTS.listSessions, {
      actor: actorOf(user, access),
    });
  }

  @Post()
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CreateSessionBody,
  ): Promise<SessionDto> {
    return sendRequest(this.bus, SESSIONS_REQUESTS.createSession, {
      actor: actorOf(user),
      ...body,
    });
  }

  @Put(':id')
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id }: IdParams,
    @Body() body: UpdateSessionBody,
  ): Promise<SessionDto> {
    return sendRequest(this.bus, SESSIONS_REQUESTS.updateSession, {
      actor: actorOf(user),
      sessionId: id,
      ...body,
    });
  }

  @Delete(':id')
  delete(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id }: IdParams,
  ): Promise<DeleteSessionResult> {
    return sendRequest(this.bus, SESSIONS_REQUESTS.deleteSession, {
      actor: actorOf(user),
      sessionId: id,
    });
  }

  /**
   * One page of the session's chatters in a screen's order and filters, with the counts the
   * screen shows (ADR 0050).
   */
  @OverlayRoute('read')
  @Get(':id/chatters/page')
  chatterPage(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentAccess() access: LoginAccess,
    @Param() { id }: IdParams,
    @Query() query: ChatterViewQuery,
  ): Promise<ChatterView> {
    return sendRequest(this.bus, SESSIONS_REQUESTS.viewChatters, {
      actor: actorOf(user, access),
      sessionId: id,
      order: query.order ?? 'oldest',
      offset: query.offset ?? 0,
      limit: query.limit ?? 10,
      hideGreeted: query.hideGreeted === 'true',
      hideModerated: query.hideModerated === 'true',
      search: query.search ?? '',
    });
  }

  /**
   * One chatter with what its card adds (ADR 0055): owner and editors only, never through an
   * overlay link. Declared after `chatters/page`, which Express must match first.
   */
  @Get(':id/chatters/:chatterId')
  chatterCard(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id, chatterId }: ChatterCardParams,
  ): Promise<ChatterCardDto> {
    return sendRequest(this.bus, SESSIONS_REQUESTS.chatterCard, {
      actor: actorOf(user),
      sessionId: id,
      chatterId,
    });
  }

  /**
   * Every chatter of the session, oldest first, streamed page by page (ADR 0050) and gzipped
   * for clients that accept it. The list version read first is the ETag, so an unchanged list
   * costs a 304; the body holds every change up to that version at least.
   */
  @OverlayRoute('read')
  @Get(':id/chatters')
  async chatters(
    @CurrentUser() user: AuthenticatedUser,
    @CurrentAccess() access: LoginAccess,
    @Param() { id }: IdParams,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const actor = actorOf(user, access);
    // Also checks that the caller may see the session's chatters, before any byte is sent.
    const { version } = await sendRequest(this.bus, SESSIONS_REQUESTS.chatterListVersion, {
      actor,
      sessionId: id,
    });
    const etag = `W/"${id}:${version}"`;
    response.setHeader('ETag', etag);
    response.setHeader('Cache-Control', 'private, no-cache');
    if (request.headers['if-none-match'] === etag) {
      response.status(304).end();
      return;
    }
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    await streamBody(request, response, jsonArray(chatterPages(this.bus, actor, id)));
  }
}
