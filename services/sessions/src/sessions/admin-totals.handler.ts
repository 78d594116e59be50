import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ADMIN_REQUESTS, type SessionsAdminTotals } from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';

/** The admin overview's session and chatter counts, over every user. */
@Controller()
export class AdminTotalsHandler {
  constructor(private readonly dataSource: DataSource) {}

  @OnRequest(ADMIN_REQUESTS.sessionsTotals)
  async totals(): Promise<SessionsAdminTotals> {
    const [row] = await this.dataSource.query<{ active: string; chatters: string }[]>(
      `SELECT (SELECT count(*) FROM sessions.sessions WHERE is_active) AS active,
              (SELECT count(*) FROM sessions.chatters) AS chatters`,
    );
    return { activeSessions: Number(row?.active ?? 0), totalChatters: Number(row?.chatters ?? 0) };
  }
}
