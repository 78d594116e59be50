import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  DomainError,
  type AnswerInviteRequest,
  type GlobalEditorDto,
  type GlobalEditorInviteDto,
  type InviteEditorRequest,
  type InviteStatus,
  type SessionActor,
} from '@greetboard/contracts';
import { queryRows } from '@greetboard/persistence';
import { LiveEvents } from '../live/live-events.js';
import { UsersRepository } from '../users/users.repository.js';

/** A user's summary from the projection (`<prefix>_username`, …); blank when not (yet) known. */
const summary = (alias: string, prefix: string) => `
  coalesce(${alias}.username, '') AS ${prefix}_username,
  coalesce(${alias}.display_name, ${alias}.username, '') AS ${prefix}_display_name,
  ${alias}.profile_image AS ${prefix}_profile_image`;

interface InviteRow {
  id: string;
  status: InviteStatus;
  sender_id: string;
  receiver_id: string;
  created_at: Date;
  sender_username: string;
  sender_display_name: string;
  sender_profile_image: string | null;
  receiver_username: string;
  receiver_display_name: string;
  receiver_profile_image: string | null;
}

const INVITE_SELECT = `
  SELECT i.id, i.status, i.sender_id, i.receiver_id, i.created_at,
         ${summary('su', 'sender')}, ${summary('ru', 'receiver')}
    FROM sessions.global_editor_invites i
    LEFT JOIN sessions.users su ON su.id = i.sender_id
    LEFT JOIN sessions.users ru ON ru.id = i.receiver_id`;

function toInviteDto(row: InviteRow): GlobalEditorInviteDto {
  return {
    id: row.id,
    status: row.status,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    sender: {
      username: row.sender_username,
      displayName: row.sender_display_name,
      profileImage: row.sender_profile_image,
    },
    receiver: {
      username: row.receiver_username,
      displayName: row.receiver_display_name,
      profileImage: row.receiver_profile_image,
    },
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Global editors: an owner invites a user by username; once the receiver accepts, the editor
 * sees and greets in every session of the owner until either of them removes the link.
 */
@Injectable()
export class EditorsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly live: LiveEvents,
  ) {}

  async listEditors(actor: SessionActor): Promise<GlobalEditorDto[]> {
    const rows = await queryRows<{
      id: string;
      editor_id: string;
      created_at: Date;
      editor_username: string;
      editor_display_name: string;
      editor_profile_image: string | null;
    }>(
      this.dataSource,
      `SELECT e.id, e.editor_id, e.created_at, ${summary('u', 'editor')}
         FROM sessions.global_editors e LEFT JOIN sessions.users u ON u.id = e.editor_id
        WHERE e.owner_id = $1 ORDER BY e.created_at, e.id`,
      [actor.id],
    );
    return rows.map((row) => ({
      id: row.id,
      editorId: row.editor_id,
      editor: {
        username: row.editor_username,
        displayName: row.editor_display_name,
        profileImage: row.editor_profile_image,
      },
      createdAt: row.created_at.toISOString(),
    }));
  }

  async invite(request: InviteEditorRequest): Promise<GlobalEditorInviteDto> {
    const { actor } = request;
    const username = request.username.trim().toLowerCase();
    const receiver = await this.users.findByUsername(username);
    if (!receiver) {
      throw new DomainError('USER_NOT_FOUND', `No Greetboard user is named "${username}".`);
    }
    if (receiver.id === actor.id) throw new DomainError('CANNOT_INVITE_SELF');
    const [link] = await queryRows(
      this.dataSource,
      `SELECT 1 FROM sessions.global_editors WHERE owner_id = $1 AND editor_id = $2`,
      [actor.id, receiver.id],
    );
    if (link) throw new DomainError('ALREADY_GLOBAL_EDITOR');
    const [created] = await queryRows<{ id: string }>(
      this.dataSource,
      `INSERT INTO sessions.global_editor_invites (sender_id, receiver_id) VALUES ($1, $2)
       ON CONFLICT (sender_id, receiver_id) WHERE status = 'pending' DO NOTHING
       RETURNING id`,
      [actor.id, receiver.id],
    );
    if (!created) throw new DomainError('INVITE_ALREADY_PENDING');
    return this.loadInvite(created.id);
  }

  /** Pending invites only, sent and received. */
  async listInvites(actor: SessionActor): Promise<GlobalEditorInviteDto[]> {
    const rows = await queryRows<InviteRow>(
      this.dataSource,
      `${INVITE_SELECT}
        WHERE i.status = 'pending' AND (i.sender_id = $1 OR i.receiver_id = $1)
        ORDER BY i.created_at, i.id`,
      [actor.id],
    );
    return rows.map(toInviteDto);
  }

  /** Only the receiver answers; accepting creates the editor link. */
  async answer(request: AnswerInviteRequest): Promise<GlobalEditorInviteDto> {
    const { actor } = request;
    await this.dataSource.transaction(async (manager) => {
      const [invite] = await queryRows<{ sender_id: string; receiver_id: string; status: string }>(
        manager,
        `SELECT sender_id, receiver_id, status FROM sessions.global_editor_invites
          WHERE id = $1 FOR UPDATE`,
        [request.id],
      );
      if (!invite || (invite.receiver_id !== actor.id && invite.sender_id !== actor.id)) {
        throw new DomainError('INVITE_NOT_FOUND');
      }
      if (invite.receiver_id !== actor.id) throw new DomainError('FORBIDDEN');
      if (invite.status !== 'pending') throw new DomainError('INVITE_ALREADY_ANSWERED');
      await manager.query(
        `UPDATE sessions.global_editor_invites SET status = $2, answered_at = now() WHERE id = $1`,
        [request.id, request.status],
      );
      if (request.status === 'accepted') {
        await manager.query(
          `INSERT INTO sessions.global_editors (owner_id, editor_id) VALUES ($1, $2)
           ON CONFLICT (owner_id, editor_id) DO NOTHING`,
          [invite.sender_id, invite.receiver_id],
        );
      }
    });
    return this.loadInvite(request.id);
  }

  /**
   * The owner removes an editor, or the editor steps down; access ends at once, and the
   * editor's open pages drop the owner's sessions.
   */
  async removeEditor(actor: SessionActor, linkId: string): Promise<{ id: string }> {
    const [row] = await queryRows<{ id: string; owner_id: string; editor_id: string }>(
      this.dataSource,
      `DELETE FROM sessions.global_editors WHERE id = $1 AND (owner_id = $2 OR editor_id = $2)
       RETURNING id, owner_id, editor_id`,
      [linkId, actor.id],
    );
    if (!row) throw new DomainError('GLOBAL_EDITOR_NOT_FOUND');
    const sessions = await queryRows<{ id: string; name: string }>(
      this.dataSource,
      `SELECT id, name FROM sessions.sessions WHERE user_id = $1`,
      [row.owner_id],
    );
    await this.live.sessionsGoneFor(row.editor_id, sessions);
    return { id: row.id };
  }

  private async loadInvite(id: string): Promise<GlobalEditorInviteDto> {
    const [row] = await queryRows<InviteRow>(this.dataSource, `${INVITE_SELECT} WHERE i.id = $1`, [
      id,
    ]);
    if (!row) throw new DomainError('INVITE_NOT_FOUND');
    return toInviteDto(row);
  }
}
