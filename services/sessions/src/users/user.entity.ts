import { Column, Entity, PrimaryColumn } from 'typeorm';

/** What the sessions service knows of a user: a projection of auth's UserChanged events. */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  username: string;

  @Column('text', { name: 'display_name' })
  displayName: string;

  @Column('text', { name: 'profile_image', nullable: true })
  profileImage: string | null;

  @Column('text', { name: 'twitch_id' })
  twitchId: string;

  @Column('boolean', { name: 'is_approved' })
  isApproved: boolean;

  @Column('boolean', { name: 'is_admin' })
  isAdmin: boolean;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
