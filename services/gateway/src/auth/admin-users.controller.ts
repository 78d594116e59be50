import { Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import {
  AUTH_REQUESTS,
  sendRequest,
  type AdminUserDto,
  type UserAdminAction,
  type UserDataCount,
  type UserDto,
  IdParams,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { AdminOnly } from '../http/access.guard.js';
import { CurrentUser, type AuthenticatedUser } from '../http/current-user.decorator.js';

type ActionAnswer = Promise<{ success: true; user: UserDto }>;

/** The admin panel's user table and its actions. */
@AdminOnly()
@Controller('api/admin/users')
export class AdminUsersController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @Get()
  list(): Promise<AdminUserDto[]> {
    return sendRequest(this.bus, AUTH_REQUESTS.listUsers, {});
  }

  @Post(':id/approve')
  @HttpCode(200)
  approve(@CurrentUser() admin: AuthenticatedUser, @Param() params: IdParams): ActionAnswer {
    return this.act(admin, params.id, 'approve');
  }

  @Post(':id/reject')
  @HttpCode(200)
  reject(@CurrentUser() admin: AuthenticatedUser, @Param() params: IdParams): ActionAnswer {
    return this.act(admin, params.id, 'reject');
  }

  @Post(':id/promote')
  @HttpCode(200)
  promote(@CurrentUser() admin: AuthenticatedUser, @Param() params: IdParams): ActionAnswer {
    return this.act(admin, params.id, 'promote');
  }

  @Post(':id/demote')
  @HttpCode(200)
  demote(@CurrentUser() admin: AuthenticatedUser, @Param() params: IdParams): ActionAnswer {
    return this.act(admin, params.id, 'demote');
  }

  @Post(':id/force-logout')
  @HttpCode(200)
  forceLogout(@CurrentUser() admin: AuthenticatedUser, @Param() params: IdParams): ActionAnswer {
    return this.act(admin, params.id, 'force-logout');
  }

  @Delete(':id')
  async delete(
    @CurrentUser() admin: AuthenticatedUser,
    @Param() params: IdParams,
  ): Promise<{ success: true; deletedData: UserDataCount }> {
    const { deletedData } = await sendRequest(this.bus, AUTH_REQUESTS.deleteUser, {
      userId: params.id,
      actorId: admin.id,
    });
    return { success: true, deletedData };
  }

  private async act(
    admin: AuthenticatedUser,
    userId: string,
    action: UserAdminAction,
  ): ActionAnswer {
    const user = await sendRequest(this.bus, AUTH_REQUESTS.administerUser, {
      actorId: admin.id,
      userId,
      action,
    });
    return { success: true, user };
  }
}
