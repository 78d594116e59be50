import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A greeting session of one owner; `keywords` is the JSON-encoded list the API carries. */
@Entity({ name: 'sessions' })
export class SessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  name: string;

  @Column('text', { default: '[]' })
  keywords: string;

  @Column('boolean', { name: 'is_active', default: false })
  isActive: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'started_at', nullable: true })
  startedAt: Date | null;

  @Column('timestamptz', { name: 'ended_at', nullable: true })
  endedAt: Date | null;

  /** Bumped by every chatter change of the session (see the SessionListVersion migration). */
  @Column('bigint', { name: 'list_version', default: 0 })
  listVersion: string;
}
