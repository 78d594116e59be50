import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  IdParams,
  sendRequest,
  SESSIONS_REQUESTS,
  STATISTICS_REQUESTS,
  type AggregateStatistics,
  type ChatterDto,
  type SessionDto,
  type SessionStatistics,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { CurrentUser, type AuthenticatedUser } from '../http/current-user.decorator.js';
import { actorOf } from '../sessions/actor.js';
import { chatterPages, streamBody } from '../sessions/chatter-stream.js';
import { chattersCsv, exportFileName, exportJson, toExportedChatter } from './chatter-export.js';
import { ExportQuery, TimeZoneQuery } from './statistics-http.js';

/** The statistics screen's figures: the signed-in user's own sessions (ADR 0020). */
@Controller('api/statistics')
export class StatisticsController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @Get()
  aggregate(
    @CurrentUser() user: AuthenticatedUser,
    @Query() { tz }: TimeZoneQuery,
  ): Promise<AggregateStatistics> {
    return sendRequest(this.bus, STATISTICS_REQUESTS.aggregate, {
      actor: actorOf(user),
      timeZone: tz,
    });
  }

  @Get('sessions/:id')
  session(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id }: IdParams,
    @Query() { tz }: TimeZoneQuery,
  ): Promise<SessionStatistics> {
    return sendRequest(this.bus, STATISTICS_REQUESTS.session, {
      actor: actorOf(user),
      sessionId: id,
      timeZone: tz,
    });
  }
}

/**
 * A session's chatters as a CSV or JSON download, for whoever may see its chatters (owner
 * and editors, as on the session page).
 */
@Controller('api/sessions')
export class SessionExportController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @Get(':id/export')
  async export(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id }: IdParams,
    @Query() { format = 'csv' }: ExportQuery,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const actor = actorOf(user);
    // Checks that the caller may see this session's chatters before any byte is sent.
    await sendRequest(this.bus, SESSIONS_REQUESTS.chatterListVersion, { actor, sessionId: id });
    const sessions = await sendRequest(this.bus, SESSIONS_REQUESTS.listSessions, { actor });
    const name = sessions.find((session: SessionDto) => session.id === id)?.name ?? 'session';
    const file = exportFileName(name, new Date(), format);
    response.setHeader('Content-Disposition', `attachment; filename="${file}"`);
    response.setHeader('Cache-Control', 'private, no-store');
    const pages = exportedPages(chatterPages(this.bus, actor, id));
    if (format === 'json') {
      response.setHeader('Content-Type', 'application/json; charset=utf-8');
      await streamBody(request, response, exportJson(pages));
      return;
    }
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    await streamBody(request, response, chattersCsv(pages));
  }
}

async function* exportedPages(pages: AsyncIterable<ChatterDto[]>) {
  for await (const page of pages) yield page.map(toExportedChatter);
}
