import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  ActorRequest,
  AnswerInviteRequest,
  IdRequest,
  InviteEditorRequest,
  SESSIONS_REQUESTS,
  type GlobalEditorDto,
  type GlobalEditorInviteDto,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { EditorsService } from './editors.service.js';

@Controller()
export class EditorsHandler {
  constructor(private readonly editors: EditorsService) {}

  @OnRequest(SESSIONS_REQUESTS.listGlobalEditors)
  list(@Payload() request: ActorRequest): Promise<GlobalEditorDto[]> {
    return this.editors.listEditors(request.actor);
  }

  @OnRequest(SESSIONS_REQUESTS.inviteGlobalEditor)
  invite(@Payload() request: InviteEditorRequest): Promise<GlobalEditorInviteDto> {
    return this.editors.invite(request);
  }

  @OnRequest(SESSIONS_REQUESTS.removeGlobalEditor)
  remove(@Payload() request: IdRequest): Promise<{ id: string }> {
    return this.editors.removeEditor(request.actor, request.id);
  }

  @OnRequest(SESSIONS_REQUESTS.listInvites)
  listInvites(@Payload() request: ActorRequest): Promise<GlobalEditorInviteDto[]> {
    return this.editors.listInvites(request.actor);
  }

  @OnRequest(SESSIONS_REQUESTS.answerInvite)
  answer(@Payload() request: AnswerInviteRequest): Promise<GlobalEditorInviteDto> {
    return this.editors.answer(request);
  }
}
