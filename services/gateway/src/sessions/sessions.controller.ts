import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  sendRequest,
  SESSIONS_REQUESTS,
  type DeleteSessionResult,
  type SessionDto,
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
import { ChatterListCache, unzipList } from './chatter-list-cache.js';

@Controller('api/sessions')
export class SessionsController {
  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    private readonly chatterLists: ChatterListCache,
  ) {}

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
   * Every chatter of the session, oldest first. Sent gzipped to clients that accept it (a
   * 10,000-chatter list is about 6 MB of JSON and 0.8 MB gzipped), with the list version as
   * ETag so an unchanged list costs a 304.
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
    const list = await this.chatterLists.get(actorOf(user, access), id);
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('Cache-Control', 'private, no-cache');
    response.setHeader('Vary', 'Accept-Encoding');
    if (list.version) {
      const etag = `W/"${id}:${list.version}"`;
      response.setHeader('ETag', etag);
      if (request.headers['if-none-match'] === etag) {
        response.status(304).end();
        return;
      }
    }
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      response.setHeader('Content-Encoding', 'gzip');
      response.status(200).end(list.gzipped);
      return;
    }
    response.status(200).end(await unzipList(list));
  }
}
