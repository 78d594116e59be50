import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * One person who chatted in a session, once per session and Twitch user id. `version` comes
 * from a sequence and changes with every write, so the highest version of a session's
 * chatters identifies the state of its list (see the chatter list cache in the gateway).
 */
@Entity({ name: 'chatters' })
@Unique('chatters_session_twitch_id_key', ['sessionId', 'twitchId'])
export class ChatterEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'session_id' })
  sessionId: string;

  @Column('text', { name: 'twitch_id' })
  twitchId: string;

  @Column('text')
  username: string;

  @Column('text', { name: 'display_name' })
  displayName: string;

  @Column('text', { name: 'profile_image', nullable: true })
  profileImage: string | null;

  @Column('text', { name: 'first_message' })
  firstMessage: string;

  @Column('integer', { name: 'message_count' })
  messageCount: number;

  @Column('timestamptz', { name: 'first_seen_at' })
  firstSeenAt: Date;

  @Column('timestamptz', { name: 'last_seen_at' })
  lastSeenAt: Date;

  @Column('boolean', { name: 'is_greeted', default: false })
  isGreeted: boolean;

  @Column('timestamptz', { name: 'greeted_at', nullable: true })
  greetedAt: Date | null;

  @Column('uuid', { name: 'greeted_by', nullable: true })
  greetedBy: string | null;

  @Column('boolean', { name: 'is_first_time_chatter', default: false })
  isFirstTimeChatter: boolean;

  @Column('boolean', { name: 'is_returning_chatter', default: false })
  isReturningChatter: boolean;

  @Column('bigint')
  version: string;
}
