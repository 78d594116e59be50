import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { defineEvent } from '../messaging/definitions.js';
import { CLAIM_TTL_MS } from '../wire/live-messages.js';
import { SUBJECTS } from '../wire/subjects.js';

/** The most people and claims one replica reports for one session (far above any real team). */
const MAX_PRESENT = 500;

export class PresentUser {
  @IsUUID()
  id: string;

  @IsString()
  @MaxLength(100)
  username: string;

  @IsString()
  @MaxLength(100)
  displayName: string;

  @IsOptional()
  @IsString()
  @MaxLength(2_000)
  profileImage: string | null;
}

/** A claim as one replica holds it: who, which chatter, and how long it still lasts. */
export class ReplicaClaim {
  @IsUUID()
  chatterId: string;

  @IsUUID()
  userId: string;

  @IsInt()
  @Min(0)
  @Max(CLAIM_TTL_MS)
  ttlMs: number;
}

/**
 * What one gateway replica's sockets contribute to one session (ADR 0034): the signed-in users
 * whose browsers joined its room here, and their claims. Sent on every change and as a
 * heartbeat; every replica (no queue group) keeps it until `ttlMs` passes without another, so
 * the entries of a replica that crashed expire. Empty lists withdraw the replica.
 */
export class ReplicaPresence {
  @IsUUID()
  replicaId: string;

  @IsUUID()
  sessionId: string;

  @IsArray()
  @ArrayMaxSize(MAX_PRESENT)
  @ValidateNested({ each: true })
  @Type(() => PresentUser)
  users: PresentUser[];

  @IsArray()
  @ArrayMaxSize(MAX_PRESENT)
  @ValidateNested({ each: true })
  @Type(() => ReplicaClaim)
  claims: ReplicaClaim[];

  @IsInt()
  @Min(1)
  @Max(600_000)
  ttlMs: number;
}

/** A replica that just started asks the others to send their presence at once. */
export class PresenceSyncRequest {
  @IsUUID()
  replicaId: string;
}

export const PRESENCE_EVENTS = {
  presence: defineEvent<ReplicaPresence>(SUBJECTS.live.presence, ReplicaPresence),
  sync: defineEvent<PresenceSyncRequest>(SUBJECTS.live.presenceSync, PresenceSyncRequest),
} as const;
