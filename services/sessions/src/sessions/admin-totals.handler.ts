import { Controller } from '@nestjs/common';
import { ADMIN_REQUESTS, type SessionsAdminTotals } from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { SessionsRepository } from './sessions.repository.js';

/** The admin overview's session and chatter counts, over every user. */
@Controller()
export class AdminTotalsHandler {
  constructor(private readonly sessions: SessionsRepository) {}

  @OnRequest(ADMIN_REQUESTS.sessionsTotals)
  totals(): Promise<SessionsAdminTotals> {
    return this.sessions.adminTotals();
  }
}
