import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  ActorRequest,
  AddIgnoredUserRequest,
  DomainError,
  IdRequest,
  SESSIONS_REQUESTS,
  type IgnoredUserDto,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { IgnoredUsersRepository } from './ignored-users.repository.js';

/** Each user's own ignore list; usernames are unique per owner ignoring case. */
@Controller()
export class IgnoredUsersHandler {
  constructor(private readonly ignoredUsers: IgnoredUsersRepository) {}

  @OnRequest(SESSIONS_REQUESTS.listIgnoredUsers)
  list(@Payload() { actor }: ActorRequest): Promise<IgnoredUserDto[]> {
    return this.ignoredUsers.listOf(actor.id);
  }

  @OnRequest(SESSIONS_REQUESTS.addIgnoredUser)
  async add(@Payload() request: AddIgnoredUserRequest): Promise<IgnoredUserDto> {
    const username = request.username.trim();
    const reason = request.reason?.trim() || null;
    const added = await this.ignoredUsers.add(request.actor.id, username, reason);
    if (!added) throw new DomainError('IGNORED_USER_EXISTS');
    return added;
  }

  @OnRequest(SESSIONS_REQUESTS.removeIgnoredUser)
  async remove(@Payload() request: IdRequest): Promise<{ id: string }> {
    if (!(await this.ignoredUsers.remove(request.actor.id, request.id))) {
      throw new DomainError('IGNORED_USER_NOT_FOUND');
    }
    return { id: request.id };
  }
}
