import { Controller } from '@nestjs/common';
import { ADMIN_REQUESTS, type AuthAdminTotals } from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { UsersRepository } from './users.repository.js';

/** The admin overview's user counts. */
@Controller()
export class AdminTotalsHandler {
  constructor(private readonly users: UsersRepository) {}

  @OnRequest(ADMIN_REQUESTS.authTotals)
  totals(): Promise<AuthAdminTotals> {
    return this.users.totals();
  }
}
