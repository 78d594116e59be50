import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  DomainError,
  type AnswerInviteRequest,
  type GlobalEditorDto,
  type GlobalEditorInviteDto,
  type InviteEditorRequest,
  type SessionActor,
} from '@greetboard/contracts';
import { LiveEvents } from '../live/live-events.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { EditorsRepository } from './editors.repository.js';

/**
 * Global editors: an owner invites a user by username; once the receiver accepts, the editor
 * sees and greets in every session of the owner until either of them removes the link.
 */
@Injectable()
export class EditorsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly editors: EditorsRepository,
    private readonly sessions: SessionsRepository,
    private readonly users: UsersRepository,
    private readonly live: LiveEvents,
  ) {}

  listEditors(actor: SessionActor): Promise<GlobalEditorDto[]> {
    return this.editors.editorsOfOwner(actor.id);
  }

  async invite(request: InviteEditorRequest): Promise<GlobalEditorInviteDto> {
    const { actor } = request;
    const username = request.username.trim().toLowerCase();
    const receiver = await this.users.findByUsername(username);
    if (!receiver) {
      throw new DomainError('USER_NOT_FOUND', `No Greetboard user is named "${username}".`);
    }
    if (receiver.id === actor.id) throw new DomainError('CANNOT_INVITE_SELF');
    if (await this.editors.isEditorOf(actor.id, receiver.id)) {
      throw new DomainError('ALREADY_GLOBAL_EDITOR');
    }
    const created = await this.editors.addInvite(actor.id, receiver.id);
    if (!created) throw new DomainError('INVITE_ALREADY_PENDING');
    return this.loadInvite(created);
  }

  /** Pending invites only, sent and received. */
  listInvites(actor: SessionActor): Promise<GlobalEditorInviteDto[]> {
    return this.editors.pendingInvitesOf(actor.id);
  }

  /** Only the receiver answers; accepting creates the editor link. */
  async answer(request: AnswerInviteRequest): Promise<GlobalEditorInviteDto> {
    const { actor } = request;
    await this.dataSource.transaction(async (manager) => {
      const invite = await this.editors.lockInvite(manager, request.id);
      if (!invite || (invite.receiver_id !== actor.id && invite.sender_id !== actor.id)) {
        throw new DomainError('INVITE_NOT_FOUND');
      }
      if (invite.receiver_id !== actor.id) throw new DomainError('FORBIDDEN');
      if (invite.status !== 'pending') throw new DomainError('INVITE_ALREADY_ANSWERED');
      await this.editors.answerInvite(manager, request.id, request.status);
      if (request.status === 'accepted') {
        await this.editors.addLink(manager, invite.sender_id, invite.receiver_id);
      }
    });
    return this.loadInvite(request.id);
  }

  /**
   * The owner removes an editor, or the editor steps down; access ends at once, and the
   * editor's open pages drop the owner's sessions.
   */
  async removeEditor(actor: SessionActor, linkId: string): Promise<{ id: string }> {
    const link = await this.editors.removeLink(linkId, actor.id);
    if (!link) throw new DomainError('GLOBAL_EDITOR_NOT_FOUND');
    await this.live.sessionsGoneFor(link.editorId, await this.sessions.namesOf(link.ownerId));
    return { id: link.id };
  }

  private async loadInvite(id: string): Promise<GlobalEditorInviteDto> {
    const invite = await this.editors.findInvite(id);
    if (!invite) throw new DomainError('INVITE_NOT_FOUND');
    return invite;
  }
}
