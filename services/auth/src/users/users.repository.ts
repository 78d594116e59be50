import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthAdminTotals } from '@greetboard/contracts';
import { queryRows } from '@greetboard/persistence';
import { UserEntity } from './user.entity.js';

/**
 * The SQL of users (`auth.users`). Methods that take a `manager` run in the caller's
 * transaction, so a change and its domain event commit together.
 */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction. */
  inTransaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.dataSource.manager.findOneBy(UserEntity, { id });
  }

  /** `username` is stored lowercase. */
  findByUsername(username: string): Promise<UserEntity | null> {
    return this.dataSource.manager.findOneBy(UserEntity, { username });
  }

  findByTwitchId(
    twitchId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<UserEntity | null> {
    return manager.findOneBy(UserEntity, { twitchId });
  }

  exists(id: string): Promise<boolean> {
    return this.dataSource.manager.existsBy(UserEntity, { id });
  }

  save(user: UserEntity, manager: EntityManager = this.dataSource.manager): Promise<UserEntity> {
    return manager.save(user);
  }

  newestFirst(): Promise<UserEntity[]> {
    return this.dataSource.manager.find(UserEntity, { order: { createdAt: 'DESC' } });
  }

  /** The user, locked until the transaction ends; null when there is none. */
  lock(manager: EntityManager, id: string): Promise<UserEntity | null> {
    return manager.findOne(UserEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Locks the admin rows so two admins demoting each other cannot both succeed. */
  async lockAdmins(manager: EntityManager): Promise<number> {
    const admins = await queryRows<{ id: string }>(
      manager,
      'SELECT id FROM auth.users WHERE is_admin FOR UPDATE',
    );
    return admins.length;
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.delete(UserEntity, { id });
  }

  countPending(): Promise<number> {
    return this.dataSource.manager.countBy(UserEntity, { isApproved: false });
  }

  async adminIds(): Promise<string[]> {
    const admins = await this.dataSource.manager.find(UserEntity, {
      select: { id: true },
      where: { isAdmin: true },
    });
    return admins.map((admin) => admin.id);
  }

  async totals(): Promise<AuthAdminTotals> {
    const [totalUsers, pendingUsers] = await Promise.all([
      this.dataSource.manager.count(UserEntity),
      this.countPending(),
    ]);
    return { totalUsers, pendingUsers };
  }
}
