import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { InviteStatus } from '@greetboard/contracts';

/** An editor sees and greets in every session of the owner, for as long as the link exists. */
@Entity({ name: 'global_editors' })
@Unique('global_editors_owner_editor_key', ['ownerId', 'editorId'])
export class GlobalEditorEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'owner_id' })
  ownerId: string;

  @Column('uuid', { name: 'editor_id' })
  editorId: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** An owner's invitation; at most one pending per sender and receiver. */
@Entity({ name: 'global_editor_invites' })
export class GlobalEditorInviteEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'sender_id' })
  senderId: string;

  @Column('uuid', { name: 'receiver_id' })
  receiverId: string;

  @Column('text', { default: 'pending' })
  status: InviteStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'answered_at', nullable: true })
  answeredAt: Date | null;
}
