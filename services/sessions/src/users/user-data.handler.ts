import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  USER_DATA_REQUESTS,
  UserDataCountRequest,
  type UserDataCount,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { UsersRepository } from './users.repository.js';

/** Answers auth's question "how much does this user own here" (account deletion, admin lists). */
@Controller()
export class UserDataHandler {
  constructor(private readonly users: UsersRepository) {}

  @OnRequest(USER_DATA_REQUESTS.count)
  count(@Payload() request: UserDataCountRequest): Promise<Record<string, UserDataCount>> {
    return this.users.countData(request.userIds);
  }
}
