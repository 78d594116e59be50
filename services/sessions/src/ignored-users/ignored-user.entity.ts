import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A chat user whose lines never register a chatter in the owner's sessions. */
@Entity({ name: 'ignored_users' })
export class IgnoredUserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'owner_id' })
  ownerId: string;

  /** Unique per owner ignoring case (index on lower(username)). */
  @Column('text')
  username: string;

  @Column('text', { nullable: true })
  reason: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
