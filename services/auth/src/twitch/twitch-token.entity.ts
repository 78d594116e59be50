import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user's Twitch tokens, encrypted (see TokenCipher); never leaves the auth service. */
@Entity({ name: 'twitch_tokens' })
export class TwitchTokenEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'access_token', type: 'text' })
  accessToken: string;

  @Column({ name: 'refresh_token', type: 'text' })
  refreshToken: string;

  @Column({ type: 'text', array: true })
  scopes: string[];

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'validated_at', type: 'timestamptz' })
  validatedAt: Date;

  /** Set while a validation round of some replica holds the row (ADR 0044). */
  @Column({ name: 'validation_claimed_until', type: 'timestamptz', nullable: true })
  validationClaimedUntil?: Date | null;
}
