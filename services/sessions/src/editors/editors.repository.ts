import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { GlobalEditorDto, GlobalEditorInviteDto, InviteStatus } from '@greetboard/contracts';
import { queryRows } from '@greetboard/persistence';

type Query = Pick<EntityManager, 'query'>;

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
 * The SQL of global editors: the links (`sessions.global_editors`) and the invitations
 * (`sessions.global_editor_invites`), with users' summaries from the projection.
 */
@Injectable()
export class EditorsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async editorsOfOwner(ownerId: string): Promise<GlobalEditorDto[]> {
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
      [ownerId],
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

  /** The editors of each owner, for addressing live events; owners without any are absent. */
  async editorIdsOf(ownerIds: string[]): Promise<Map<string, string[]>> {
    const rows = await queryRows<{ owner_id: string; editor_id: string }>(
      this.dataSource,
      `SELECT owner_id, editor_id FROM sessions.global_editors WHERE owner_id = ANY($1::uuid[])`,
      [ownerIds],
    );
    const editors = new Map<string, string[]>();
    for (const row of rows)
      editors.set(row.owner_id, [...(editors.get(row.owner_id) ?? []), row.editor_id]);
    return editors;
  }

  async isEditorOf(ownerId: string, editorId: string): Promise<boolean> {
    const rows = await queryRows(
      this.dataSource,
      `SELECT 1 FROM sessions.global_editors WHERE owner_id = $1 AND editor_id = $2`,
      [ownerId, editorId],
    );
    return rows.length > 0;
  }

  /** The new invite's id, or nothing when one from the sender to the receiver is pending. */
  async addInvite(senderId: string, receiverId: string): Promise<string | undefined> {
    const [created] = await queryRows<{ id: string }>(
      this.dataSource,
      `INSERT INTO sessions.global_editor_invites (sender_id, receiver_id) VALUES ($1, $2)
       ON CONFLICT (sender_id, receiver_id) WHERE status = 'pending' DO NOTHING
       RETURNING id`,
      [senderId, receiverId],
    );
    return created?.id;
  }

  /** Pending invites sent or received by the user, oldest first. */
  async pendingInvitesOf(userId: string): Promise<GlobalEditorInviteDto[]> {
    const rows = await queryRows<InviteRow>(
      this.dataSource,
      `${INVITE_SELECT}
        WHERE i.status = 'pending' AND (i.sender_id = $1 OR i.receiver_id = $1)
        ORDER BY i.created_at, i.id`,
      [userId],
    );
    return rows.map(toInviteDto);
  }

  async findInvite(id: string): Promise<GlobalEditorInviteDto | undefined> {
    const [row] = await queryRows<InviteRow>(this.dataSource, `${INVITE_SELECT} WHERE i.id = $1`, [
      id,
    ]);
    return row && toInviteDto(row);
  }

  /** The invite, locked until the transaction ends. */
  async lockInvite(
    manager: Query,
    id: string,
  ): Promise<{ sender_id: string; receiver_id: string; status: string } | undefined> {
    const [invite] = await queryRows<{ sender_id: string; receiver_id: string; status: string }>(
      manager,
      `SELECT sender_id, receiver_id, status FROM sessions.global_editor_invites
        WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return invite;
  }

  async answerInvite(manager: Query, id: string, status: InviteStatus): Promise<void> {
    await manager.query(
      `UPDATE sessions.global_editor_invites SET status = $2, answered_at = now() WHERE id = $1`,
      [id, status],
    );
  }

  async addLink(manager: Query, ownerId: string, editorId: string): Promise<void> {
    await manager.query(
      `INSERT INTO sessions.global_editors (owner_id, editor_id) VALUES ($1, $2)
       ON CONFLICT (owner_id, editor_id) DO NOTHING`,
      [ownerId, editorId],
    );
  }

  /** Removes a link the user is the owner or the editor of; answers it, or nothing. */
  async removeLink(
    linkId: string,
    userId: string,
  ): Promise<{ id: string; ownerId: string; editorId: string } | undefined> {
    const [row] = await queryRows<{ id: string; owner_id: string; editor_id: string }>(
      this.dataSource,
      `DELETE FROM sessions.global_editors WHERE id = $1 AND (owner_id = $2 OR editor_id = $2)
       RETURNING id, owner_id, editor_id`,
      [linkId, userId],
    );
    return row && { id: row.id, ownerId: row.owner_id, editorId: row.editor_id };
  }
}
