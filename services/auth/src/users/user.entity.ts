import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { UserDto } from '@greetboard/contracts';

/** A Greetboard account, identified by its Twitch user id (logins can change). */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Index('users_twitch_id_key', { unique: true })
  @Column({ name: 'twitch_id', type: 'varchar', length: 32 })
  twitchId: string;

  @Index('users_username_idx')
  @Column({ type: 'varchar', length: 25 })
  username: string;

  @Column({ name: 'display_name', type: 'varchar', length: 64 })
  displayName: string;

  @Column({ name: 'profile_image', type: 'varchar', length: 2048, nullable: true })
  profileImage: string | null;

  @Column({ name: 'is_approved', type: 'boolean', default: false })
  isApproved: boolean;

  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

export function toUserDto(user: UserEntity): UserDto {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    profileImage: user.profileImage,
    twitchId: user.twitchId,
    isApproved: user.isApproved,
    isAdmin: user.isAdmin,
  };
}
