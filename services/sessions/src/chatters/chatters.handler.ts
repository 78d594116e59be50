import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  ChatterCardRequest,
  ChatterPageRequest,
  GreetChatterRequest,
  SESSIONS_REQUESTS,
  SessionIdRequest,
  ChatterViewRequest,
  type ChatterView,
  type ChatterCardDto,
  type ChatterDto,
  type ChatterListVersion,
  type ChatterPage,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { ChattersService } from './chatters.service.js';

@Controller()
export class ChattersHandler {
  constructor(private readonly chatters: ChattersService) {}

  @OnRequest(SESSIONS_REQUESTS.chatterListVersion)
  listVersion(@Payload() request: SessionIdRequest): Promise<ChatterListVersion> {
    return this.chatters.listVersion(request.actor, request.sessionId);
  }

  @OnRequest(SESSIONS_REQUESTS.listChatters)
  page(@Payload() request: ChatterPageRequest): Promise<ChatterPage> {
    return this.chatters.page(request.actor, request.sessionId, request.after);
  }

  @OnRequest(SESSIONS_REQUESTS.viewChatters)
  view(@Payload() request: ChatterViewRequest): Promise<ChatterView> {
    return this.chatters.view(request);
  }

  @OnRequest(SESSIONS_REQUESTS.chatterCard)
  card(@Payload() request: ChatterCardRequest): Promise<ChatterCardDto> {
    return this.chatters.card(request.actor, request.sessionId, request.chatterId);
  }

  @OnRequest(SESSIONS_REQUESTS.greetChatter)
  greet(@Payload() request: GreetChatterRequest): Promise<ChatterDto> {
    return this.chatters.greet(request.actor, request.chatterId, request.isGreeted);
  }
}
