import { Controller } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ADMIN_REQUESTS, type AuthAdminTotals } from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { UserEntity } from './user.entity.js';

/** The admin overview's user counts. */
@Controller()
export class AdminTotalsHandler {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  @OnRequest(ADMIN_REQUESTS.authTotals)
  async totals(): Promise<AuthAdminTotals> {
    const [totalUsers, pendingUsers] = await Promise.all([
      this.users.count(),
      this.users.countBy({ isApproved: false }),
    ]);
    return { totalUsers, pendingUsers };
  }
}
